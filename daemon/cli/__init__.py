"""memoryd's command line (the ``memoryd`` console script); run ``memoryd --help``.

``app`` is the typer app; command modules (``daemon/cli/*.py``) decorate functions with
``@app.command()`` and are imported below so that they register themselves.
"""

from __future__ import annotations

from daemon.cli.app import app, run_async, settings_of

# isort: split
# Command modules register themselves on `app` when imported.
from daemon.cli import basic, db, demo, processes  # noqa: F401

__all__ = ["app", "main", "run_async", "settings_of"]


def main() -> None:
    """Entry point of the ``memoryd`` console script."""
    app(prog_name="memoryd")
