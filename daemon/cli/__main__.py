"""``python -m daemon.cli`` runs the ``memoryd`` command line."""

from daemon.cli import main

main()
