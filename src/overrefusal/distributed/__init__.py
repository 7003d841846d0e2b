"""Runs beyond one machine (Ray). Imported only for ``--engine ray``: Ray is an optional extra."""
