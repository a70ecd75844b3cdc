"""``python -m daemon`` runs the ``memoryd`` command line."""

from daemon.cli import main

main()
