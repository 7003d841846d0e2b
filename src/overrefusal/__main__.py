"""``python -m overrefusal``: the command line."""

from .cli import main

main()
