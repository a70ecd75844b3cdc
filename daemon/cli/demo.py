"""``memoryd demo``."""

from __future__ import annotations

import tempfile
from pathlib import Path

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of


def demo(ctx: typer.Context) -> None:
    """Run the whole pipeline once on embedded defaults and show what it kept.

    Publishes the bundled sample sessions, dispatches and extracts them with the rules
    extractor into a temporary SQLite store (Redis if one answers at MEMORYD_REDIS_URL,
    under a private prefix; an in-process stand-in otherwise), then prints the memories
    kept and what was refused (secrets, injected instructions, guarded turns).
    """
    from rich.console import Console

    from daemon.app.demo_run import render, run_demo
    from daemon.base.logs import configure_logging
    from workers.worker_settings import build_worker

    settings = settings_of(ctx)
    if settings.log.level == "info":  # the demo's output is its report, not the log
        configure_logging(settings.log.model_copy(update={"level": "warning"}))
    with tempfile.TemporaryDirectory(prefix="memoryd-demo-") as workdir:
        try:
            result = run_async(run_demo(settings, Path(workdir), build_worker))
        except MemorydError as exc:
            fail(str(exc))
    render(result, Console())


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command()(demo)
