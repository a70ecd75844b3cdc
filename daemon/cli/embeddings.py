"""``memoryd embeddings status|backfill|reindex``: the memory vectors of the configured
embedding provider (``MEMORYD_EMBEDDINGS__*``), for operators."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.cli.common import Json, emit_json, open_store, print_table
from daemon.cli.program import fail, run_async, settings_of

if TYPE_CHECKING:
    from daemon.base.embedding import Embedder
    from daemon.base.settings import Settings

embeddings_app = typer.Typer(
    help="Memory vectors for search by meaning: how many memories are embedded in the "
    "configured provider's space and how many wait (status), embed every pending one now "
    "(backfill), drop the vectors of earlier models once the current one is complete "
    "(reindex). Workers embed new and changed memories by themselves.",
    no_args_is_help=True,
)

_NO_PROVIDER = (
    "no embedding provider is configured (MEMORYD_EMBEDDINGS__PROVIDER): search is "
    "keyword-only and there is nothing to embed"
)


def _embedder(settings: Settings) -> Embedder | None:
    from daemon.app import embedder

    return embedder.build_embedder(settings)


@embeddings_app.command("status")
def status_command(ctx: typer.Context, as_json: Json = False) -> None:
    """The provider's space, live memories, how many are pending, vectors per space."""
    from daemon.maintenance.embedding import status

    settings = settings_of(ctx)
    embedder = _embedder(settings)
    space = None if embedder is None else embedder.space

    async def run() -> dict[str, Any]:
        async with open_store(settings) as store:
            return (await status(store, space)).as_dict()

    report = run_async(run())
    if as_json:
        emit_json(report)
        return
    typer.echo(f"space: {space or 'none (keyword search only)'}")
    typer.echo(f"ranking: {report['ranking']}")
    typer.echo(f"path: {report['path_note']}")
    typer.echo(f"live memories: {report['live_memories']}, pending: {report['pending']}")
    rows = [
        {"space": name, "vectors": count, "current": name == space}
        for name, count in report["vectors"].items()
    ]
    print_table(rows, ["space", "vectors", "current"], title="Vectors", empty="no vectors")


@embeddings_app.command("backfill")
def backfill_command(ctx: typer.Context, as_json: Json = False) -> None:
    """Embed every pending memory now; returns when none is left (exit 1 when the provider
    fails transiently: what was not embedded stays pending)."""
    from daemon.base.clock import SystemClock
    from daemon.maintenance.embedding import Backfill, status

    settings = settings_of(ctx)
    embedder = _embedder(settings)
    if embedder is None:
        fail(_NO_PROVIDER)

    async def run() -> dict[str, Any]:
        async with open_store(settings) as store:
            threshold = settings.embeddings.dedup_threshold
            report = await Backfill(embedder, SystemClock(), dedup_threshold=threshold).run(store)
            left = await status(store, embedder.space)
        return report.as_dict() | {"pending": left.pending}

    report = run_async(run())
    if as_json:
        emit_json(report)
    else:
        typer.echo(
            f"{report['space']}: {report['embedded']} embedded, {report['unchanged']} "
            f"unchanged, {report['refused']} refused, {report['absorbed']} absorbed by a "
            f"near-duplicate, {report['pending']} pending"
        )
    if report["retry"]:
        fail(f"the provider failed, try again later: {report['error']}")


@embeddings_app.command("reindex")
def reindex_command(
    ctx: typer.Context,
    restart: Annotated[
        bool,
        typer.Option(
            "--restart",
            help="Drop the current space's own vectors instead: every memory is pending "
            "again (the workers or `backfill` embed them anew).",
        ),
    ] = False,
    as_json: Json = False,
) -> None:
    """Drop the vectors of every other space once the current one is complete (or, with
    --restart, the current space's own)."""
    from daemon.maintenance.embedding import reindex, status

    settings = settings_of(ctx)
    embedder = _embedder(settings)
    if embedder is None:
        fail(_NO_PROVIDER)
    space = embedder.space

    async def run() -> dict[str, Any]:
        async with open_store(settings) as store:
            if not restart:
                pending = (await status(store, space)).pending
                if pending:
                    return {"space": space, "pending": pending, "dropped": 0}
            dropped = await reindex(store, space, restart=restart)
            return {"space": space, "pending": (await status(store, space)).pending} | {
                "dropped": dropped
            }

    report = run_async(run())
    if not restart and report["dropped"] == 0 and report["pending"]:
        fail(
            f"{space} still has {report['pending']} memories pending: run `memoryd embeddings "
            "backfill` first (or --restart to embed every memory anew)"
        )
    if as_json:
        emit_json(report)
    else:
        what = "its own vectors" if restart else "vectors of other spaces"
        typer.echo(f"{space}: dropped {report['dropped']} {what}, {report['pending']} pending")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(embeddings_app, name="embeddings")
