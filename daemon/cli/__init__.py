"""memoryd's command line (the ``memoryd`` console script); run ``memoryd --help``.

``app`` is the typer app. Each command module (``daemon/cli/<name>.py``) defines its commands
and a ``register(app)`` that adds them; :data:`COMMANDS` lists the modules, in the order
``memoryd --help`` shows their commands. A module imports what its commands run inside
their functions, so that importing them all, which every invocation does, stays cheap
(``tests/test_package.py`` holds ``--version`` and ``--help`` to that).
"""

from __future__ import annotations

import sys

from daemon.cli import (
    config,
    db,
    demo,
    dlq,
    embeddings,
    erase,
    keys,
    maintenance,
    mcp,
    memories,
    processes,
    publish,
    recall,
    runs,
    serve,
    sessions,
    status,
    usage,
)
from daemon.cli.program import app, run_async, settings_of

#: The command modules, each with its ``register(app)``.
COMMANDS = (
    config,
    publish,
    db,
    demo,
    dlq,
    embeddings,
    erase,
    keys,
    maintenance,
    mcp,
    memories,
    processes,
    recall,
    runs,
    serve,
    sessions,
    status,
    usage,
)

for _module in COMMANDS:
    _module.register(app)

__all__ = ["COMMANDS", "app", "main", "run_async", "settings_of"]


def main() -> None:
    """Entry point of the ``memoryd`` console script. An outage a command expects (the
    store or Redis not answering) ends it with one line on standard error, never a
    traceback."""
    try:
        app(prog_name="memoryd")
    except Exception as exc:
        from daemon.cli.common import outage_line

        line = outage_line(exc)
        if line is None:
            raise
        sys.stderr.write(f"memoryd: {line}\n")
        sys.exit(1)
