"""memoryd's command line (the ``memoryd`` console script); run ``memoryd --help``.

``app`` is the typer app; command modules (``daemon/cli/*.py``) decorate functions with
``@app.command()`` and are imported below so that they register themselves. Each imports
what its commands run inside their functions, so that importing them all, which every
invocation does, stays cheap (``tests/test_package.py`` holds ``--version`` and
``--help`` to that).
"""

from __future__ import annotations

from daemon.cli.app import app, run_async, settings_of

# isort: split
import importlib
import pkgutil

# Every module of this package registers its commands on `app` when imported.
for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["app", "main", "run_async", "settings_of"]


def main() -> None:
    """Entry point of the ``memoryd`` console script."""
    app(prog_name="memoryd")
