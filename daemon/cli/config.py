"""``memoryd config`` and ``memoryd schema``: what memoryd is configured with, and the event
format hosts publish."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Annotated, Any

import typer

from daemon.cli.program import settings_of


def config(
    ctx: typer.Context,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the settings as one JSON object.")
    ] = False,
) -> None:
    """Show the effective settings (environment and .env applied, secrets masked)."""
    from rich.console import Console
    from rich.table import Table

    from daemon.base.settings import masked
    from daemon.embeddings import describe

    settings = settings_of(ctx)
    data = masked(settings)
    if as_json:
        typer.echo(json.dumps(data, indent=2, sort_keys=True))
        return
    table = Table(title="memoryd settings")
    table.add_column("environment variable", no_wrap=True)
    table.add_column("value", overflow="fold")
    for name, value in _flatten(data):
        shown = "(unset)" if value is None else str(value)
        table.add_row("MEMORYD_" + name.upper().replace(".", "__"), shown)
    console = Console()
    console.print(table)
    console.print(f"Embeddings: {describe(settings)}", markup=False, highlight=False)


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{name}.")
        else:
            yield name, value


def schema() -> None:
    """Print the JSON Schema of turn events (wire format v1) that hosts publish."""
    from daemon.events.schema import shipped_schema_text

    typer.echo(shipped_schema_text(), nl=False)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command()(config)
    app.command()(schema)
