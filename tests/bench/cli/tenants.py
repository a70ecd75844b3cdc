"""``./dev bench tenant-attacks``: the attack pass on many tenants (registered on ``bench``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import sqlalchemy as sa
import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async
from tests.bench.cli.app import Json, bench_app, print_result

POSTGRES = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"


@bench_app.command("tenant-attacks")
def tenant_attacks_bench(
    as_json: Json = False,
    backends: Annotated[
        str,
        typer.Option(
            "--databases",
            help="Comma-separated database URLs beside which a scratch database is made "
            "(default: the local PostgreSQL and SQLite).",
        ),
    ] = f"{POSTGRES},sqlite+aiosqlite://",
    seal: Annotated[
        str | None,
        typer.Option(
            "--seal",
            metavar="JSON",
            help="Settings (a JSON object) that configure a data key: the at-rest attack runs "
            "only with them.",
        ),
    ] = None,
    markdown: Annotated[
        Path | None,
        typer.Option("--markdown", help="Also write the tables to this file.", dir_okay=False),
    ] = None,
) -> None:
    """An outsider's attacks on "Many tenants on one memoryd": the same ids in two tenants,
    re-sends, a claimed session id, probing another tenant's ids, a batch with a bad event,
    search bent by another tenant, ids that count others' writes, a forged id, a tampered
    memory, usage read across tenants, words at rest in clear. Each attack reports held,
    BROKEN or not built, per backend."""
    from tests.bench.tenant_attacks import bench_tenant_attacks, table

    extra: dict[str, Any] | None = json.loads(seal) if seal else None
    results = []
    try:
        for url in backends.split(","):
            results.append(run_async(bench_tenant_attacks(url, seal=extra)))
    except (MemorydError, ValueError, RuntimeError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    if markdown is not None:
        markdown.write_text(
            "\n\n".join(f"### {r['backend']}\n\n{table(r)}" for r in results) + "\n",
            encoding="utf-8",
        )
    print_result({"results": results}, as_json)
