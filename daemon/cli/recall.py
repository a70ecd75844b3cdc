"""``memoryd recall`` and ``memoryd inject``: what an agent host reads back, from a shell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.cli.common import Json, Limit, emit_json
from daemon.cli.program import fail, run_async, settings_of
from daemon.cli.search_options import (
    Author,
    CreatedAfter,
    CreatedBefore,
    ModeOpt,
    Session,
    UpdatedAfter,
    UpdatedBefore,
    mode_option,
    open_recall,
    search_filter,
    show_ranked,
)
from daemon.gate.kinds import MEMORY_CLASSES, MEMORY_TYPES

if TYPE_CHECKING:
    from daemon.recall import InjectionBlock, Manifest, ScopeKey

recall_app = typer.Typer(
    help="Recall as agent hosts see it, for one scope: search (by keywords, meaning or "
    "both) and the manifest. "
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
    """``body(recall)`` run on a recall that ranks as every search does."""
    settings = settings_of(ctx)

    async def run() -> Any:
        async with open_recall(settings) as recall:
            return await body(recall)

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
    mode: ModeOpt = None,
    created_after: CreatedAfter = None,
    created_before: CreatedBefore = None,
    updated_after: UpdatedAfter = None,
    updated_before: UpdatedBefore = None,
    session: Session = None,
    author: Author = None,
    as_json: Json = False,
) -> None:
    """Search one scope as an agent host does: by keywords, by meaning or both fused
    (--mode; docs/recall.md, "Search modes"), with filters; memories named by their opaque
    ids, and the ranking that ran."""
    for value in type_ or ():
        if value not in MEMORY_TYPES:
            fail(f"--type must be one of {', '.join(MEMORY_TYPES)}", code=2)
    for value in memory_class or ():
        if value not in MEMORY_CLASSES:
            fail(f"--class must be one of {', '.join(MEMORY_CLASSES)}", code=2)
    scope = _scope(project, user, tenant)
    ranking = mode_option(mode)
    where = search_filter(
        types=type_ or (),
        classes=memory_class or (),
        limit=limit,
        created_after=created_after,
        created_before=created_before,
        updated_after=updated_after,
        updated_before=updated_before,
        session=session,
        author=author,
    )

    async def run() -> Any:
        from daemon.store.public_ids import id_codec

        async with open_recall(settings_of(ctx)) as recall:
            found = await recall.ranked(query, scope, where, mode=ranking)
            return found, await id_codec(recall.store)

    ranked, ids = run_async(run())
    from daemon.recall import answer  # loads the store: not at the command line's start

    # with who wrote each, for that user, named by the ids the API answers
    found = [answer(h, scope.user, ids) for h in ranked.memories]
    show_ranked(
        ranked, found, ["id", "score", "type", "class", "title", "content"], as_json=as_json
    )


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
