"""``memoryd recall`` and ``memoryd inject``: what an agent host reads back, from a shell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.cli.common import Json, Limit, emit_json, open_store, print_table
from daemon.cli.program import fail, run_async, settings_of
from daemon.gate.kinds import MEMORY_CLASSES, MEMORY_TYPES

if TYPE_CHECKING:
    from daemon.recall import InjectionBlock, Manifest, ScopeKey

recall_app = typer.Typer(
    help="Recall as agent hosts see it, for one scope: ranked search and the manifest. "
    "(`memoryd inject` prints the injection block.) What search returns is marked as "
    "surfaced, as it would be for a host.",
    no_args_is_help=True,
)

ProjectArg = Annotated[str, typer.Option("--project", "-p", help="The project (required).")]
UserArg = Annotated[
    str | None, typer.Option("--user", "-u", help="The user: their own memories are included.")
]
TenantArg = Annotated[str, typer.Option("--tenant", "-t", help="The tenant, if any.")]


def _scope(project: str, user: str | None, tenant: str) -> ScopeKey:
    from daemon.recall import ScopeKey

    return ScopeKey(project=project, user=user or "", tenant=tenant)


def _recall(ctx: typer.Context, body: Any) -> Any:
    from daemon.app.embedder import build_query_embedder
    from daemon.recall import Recall
    from daemon.recall.session_recall import SessionRecallOptions

    settings = settings_of(ctx)

    async def run() -> Any:
        embedder = build_query_embedder(settings)
        options = SessionRecallOptions.from_settings(settings.session_recall)
        async with open_store(settings) as store:
            recall = Recall(store, sessions=options, embedder=embedder)
            try:
                return await body(recall)
            finally:
                await recall.aclose(close_store=False)
                closer = getattr(embedder and embedder.embedder, "aclose", None)
                if closer is not None:
                    await closer()

    return run_async(run())


@recall_app.command("search")
def search_command(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for.")],
    project: ProjectArg,
    user: UserArg = None,
    tenant: TenantArg = "",
    type_: Annotated[list[str] | None, typer.Option("--type", help="Memory types.")] = None,
    memory_class: Annotated[
        list[str] | None, typer.Option("--class", help="Retention classes.")
    ] = None,
    limit: Limit = 10,
    as_json: Json = False,
) -> None:
    """Ranked full-text search in one scope (BM25 over the scope on SQLite, ts_rank on
    PostgreSQL); memories named by their opaque ids."""
    for value in type_ or ():
        if value not in MEMORY_TYPES:
            fail(f"--type must be one of {', '.join(MEMORY_TYPES)}", code=2)
    for value in memory_class or ():
        if value not in MEMORY_CLASSES:
            fail(f"--class must be one of {', '.join(MEMORY_CLASSES)}", code=2)
    scope = _scope(project, user, tenant)

    async def searched(recall: Any) -> Any:
        from daemon.store.public_ids import id_codec

        hits = await recall.search(
            query, scope, types=type_ or (), classes=memory_class or (), limit=limit
        )
        return hits, await id_codec(recall.store)

    hits, ids = _recall(ctx, searched)
    from daemon.recall import answer  # loads the store: not at the command line's start

    # with who wrote each, for that user, named by the ids the API answers
    found = [answer(h, scope.user, ids) for h in hits]
    if as_json:
        emit_json(found)
    else:
        print_table(found, ["id", "score", "type", "class", "title", "content"], empty="no match")


@recall_app.command("manifest")
def manifest_command(
    ctx: typer.Context,
    project: ProjectArg,
    user: UserArg = None,
    tenant: TenantArg = "",
    as_json: Json = False,
) -> None:
    """The manifest: one line per memory, capped at 200 lines and 25,000 bytes."""
    manifest: Manifest = _recall(ctx, lambda r: r.manifest(_scope(project, user, tenant)))
    if as_json:
        emit_json(
            {
                "text": manifest.text,
                "shown": manifest.shown,
                "total": manifest.total,
                "capped": manifest.capped,
            }
        )
    elif manifest.text:
        typer.echo(manifest.text)


def inject_command(
    ctx: typer.Context,
    project: ProjectArg,
    user: UserArg = None,
    tenant: TenantArg = "",
    query: Annotated[
        str | None, typer.Option("--query", "-q", help="Put memories matching this first.")
    ] = None,
    max_memories: Annotated[
        int, typer.Option("--max", help="At most this many memories.", min=1)
    ] = 6,
    as_json: Json = False,
) -> None:
    """Print the "# Memories" block an agent host injects at the start of a session.

    Sections in order: Priority Context, Project Knowledge, User Preferences, Key Decisions,
    Working Memory, Previous Sessions; every entry one capped line, stripped of anything
    that could pose as instructions. With --json, also its fingerprint (stable while the
    memories do not change: keep it to know when the block, and the prompt cache, changed).
    """
    from daemon.recall import InjectionOptions

    options = InjectionOptions(max_memories=max_memories)
    scope = _scope(project, user, tenant)
    block: InjectionBlock = _recall(ctx, lambda r: r.injection_block(scope, query, options=options))
    if as_json:
        emit_json(
            {
                "text": block.text,
                "fingerprint": block.fingerprint,
                "memory_ids": list(block.memory_ids),
                "sections": {k: list(v) for k, v in block.sections.items()},
                "fragments": [ref.as_dict() for ref in block.fragments],
                "session_mode": block.session_mode,
            }
        )
    elif block.text:
        typer.echo(block.text, nl=False)


@recall_app.command("stitch")
def stitch_command(
    ctx: typer.Context,
    session: Annotated[str, typer.Option("--session", "-s", help="A stored session.")],
    query: Annotated[str, typer.Option("--query", "-q", help="What the context is for.")],
    budget: Annotated[
        int, typer.Option("--budget", help="The most it may cost, in tokens.", min=50)
    ] = 2000,
    tenant: TenantArg = "",
    as_json: Json = False,
) -> None:
    """One context for a query from several windows of the session's scope (its own
    included), as that session's user reads it: the most relevant expanded to their
    messages, the others in one line each, oldest first, within --budget tokens of 3.2
    characters (MEMORYD_SESSION_RECALL__CHARS_PER_TOKEN). Exit 1 for an unknown session."""

    async def stitched(recall: Any) -> Any:
        scope = await recall.session_scope(session, tenant=tenant)
        if scope is None:
            return None
        return await recall.stitch(scope, session, query, budget_tokens=budget)

    found = _recall(ctx, stitched)
    if found is None:
        fail(f"no session {session!r} in tenant {tenant!r}")
    if as_json:
        emit_json(found.as_dict())
    elif found.text:
        typer.echo(found.text, nl=False)
    else:
        typer.echo("nothing to stitch within the budget", err=True)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(recall_app, name="recall")
    app.command("inject")(inject_command)
