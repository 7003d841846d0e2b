"""The parts of :mod:`overrefusal.api`, one module per concept: the store, suites, reports, labelling, judges
and the viewer.

:mod:`overrefusal.api` re-exports every public name of them and is the one path to import them from (the CLI
imports only it)."""
