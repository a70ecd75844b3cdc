"""``memoryd memories``: list, search, show, pin, unpin, forget, restore, review, approve,
reject, export, import."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.base.errors import MemoryRefused
from daemon.cli.common import (
    Json,
    Limit,
    Project,
    Tenant,
    User,
    emit_json,
    open_store,
    operator,
    print_record,
    print_table,
    progress_bar,
)
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
    from sqlalchemy.ext.asyncio import AsyncConnection

    from daemon.admin import memory_admin as admin

memories_app = typer.Typer(
    help="Memories across every scope: list, search, show with history, pin, unpin, forget "
    "(a restorable tombstone), restore, the review queue (review, approve, reject: "
    "directives to agents held until an operator lets them through), export and import as "
    "JSON lines. Every change is recorded in the memory's history with the actor 'operator'.",
    no_args_is_help=True,
)

MemoryId = Annotated[
    str,
    typer.Argument(
        metavar="ID", help="The memory's id: its row id, or the opaque id the API answers."
    ),
]
Type = Annotated[str | None, typer.Option("--type", help=f"One of {', '.join(MEMORY_TYPES)}.")]
Class = Annotated[str | None, typer.Option("--class", help=f"One of {', '.join(MEMORY_CLASSES)}.")]
AsOf = Annotated[
    str | None,
    typer.Option(
        "--as-of",
        help="What was believed at this time (RFC 3339 with offset, e.g. 2026-10-15T09:30:00Z): "
        "memories changed since read as they were then. Needs --project.",
    ),
]
COLUMNS = [
    "id", "project", "user", "source_user", "type", "class", "pinned", "title", "content",
    "updated_at",
]  # fmt: skip


def _filter(
    project: str | None,
    user: str | None,
    tenant: str | None,
    type_: str | None,
    memory_class: str | None,
    **rest: Any,
) -> admin.MemoryFilter:
    from daemon.admin import memory_admin as admin

    if type_ is not None and type_ not in MEMORY_TYPES:
        fail(f"--type must be one of {', '.join(MEMORY_TYPES)}", code=2)
    if memory_class is not None and memory_class not in MEMORY_CLASSES:
        fail(f"--class must be one of {', '.join(MEMORY_CLASSES)}", code=2)
    return admin.MemoryFilter(project, user, tenant, type_, memory_class, **rest)


def _with_conn(ctx: typer.Context, body: Callable[[AsyncConnection], Awaitable[Any]]) -> Any:
    settings = settings_of(ctx)

    async def run() -> Any:
        async with open_store(settings) as store, store.begin() as conn:
            return await body(conn)

    return run_async(run())


def _with_row(
    ctx: typer.Context, memory_id: str, body: Callable[[AsyncConnection, int], Awaitable[Any]]
) -> Any:
    """``body`` run on the memory ``memory_id`` names (a row id, or an opaque id); None when
    it names none."""
    from daemon.base.opaque import ROW_IDS
    from daemon.store.public_ids import id_codec

    settings = settings_of(ctx)

    async def run() -> Any:
        async with open_store(settings) as store:
            if memory_id.isdecimal():
                row_id: int | None = int(memory_id) if int(memory_id) in ROW_IDS else None
            else:
                row_id = (await id_codec(store)).decode(memory_id)
            if row_id is None:
                return None
            async with store.begin() as conn:
                return await body(conn, row_id)

    return run_async(run())


@memories_app.command("list")
def list_command(
    ctx: typer.Context,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    type_: Type = None,
    memory_class: Class = None,
    pinned: Annotated[bool, typer.Option("--pinned", help="Only pinned memories.")] = False,
    deleted: Annotated[
        bool, typer.Option("--deleted", help="Tombstones (restorable) instead of live ones.")
    ] = False,
    source_user: Annotated[
        str | None,
        typer.Option(
            "--source-user",
            help="Only memories written from this user's sessions (shared ones included).",
        ),
    ] = None,
    limit: Limit = 50,
    as_json: Json = False,
    as_of: AsOf = None,
) -> None:
    """Memories, the most recently changed first, with the user whose session wrote each
    (with --as-of: those one scope believed then, as they read then)."""
    from daemon.admin import memory_admin as admin

    if as_of is not None:
        _filter(project, user, tenant, type_, memory_class)
        at = _moment(as_of)
        scope = _scope(project, user, tenant)
        found = _with_conn(
            ctx,
            lambda conn: admin.believed(
                conn, scope, at, types=_one(type_), classes=_one(memory_class), limit=limit
            ),
        )
        _show(found, as_json, ["id", "type", "class", "user", "title", "content", "updated_at"])
        return
    where = _filter(
        project,
        user,
        tenant,
        type_,
        memory_class,
        pinned=pinned,
        deleted=deleted,
        limit=limit,
        source_user=source_user,
    )
    found = _with_conn(ctx, lambda conn: admin.list_memories(conn, where))
    if as_json:
        emit_json(found)
    else:
        print_table(found, [*COLUMNS, *(["deleted_at"] if deleted else [])], empty="no memories")


@memories_app.command("search")
def search_command(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Words to look for (ranked full-text search).")],
    project: Annotated[str, typer.Option("--project", "-p", help="The project (required).")],
    user: Annotated[
        str | None, typer.Option("--user", "-u", help="Include this user's own memories.")
    ] = None,
    tenant: Annotated[str, typer.Option("--tenant", "-t", help="The tenant, if any.")] = "",
    type_: Type = None,
    memory_class: Class = None,
    limit: Limit = 20,
    as_json: Json = False,
    as_of: AsOf = None,
    mode: ModeOpt = None,
    created_after: CreatedAfter = None,
    created_before: CreatedBefore = None,
    updated_after: UpdatedAfter = None,
    updated_before: UpdatedBefore = None,
    session: Session = None,
    author: Author = None,
) -> None:
    """Search one scope as an agent host would see it (not marked as surfaced): by
    keywords, by meaning or both fused (--mode; docs/recall.md, "Search modes"), with
    filters; with --as-of, by keywords among what it believed then."""
    from daemon.admin import memory_admin as admin
    from daemon.recall import Ranking, ScopeKey

    _filter(project, user, tenant, type_, memory_class)
    scope = ScopeKey(project=project, user=user or "", tenant=tenant)
    ranking = mode_option(mode)
    where = search_filter(
        types=_one(type_),
        classes=_one(memory_class),
        limit=limit,
        created_after=created_after,
        created_before=created_before,
        updated_after=updated_after,
        updated_before=updated_before,
        session=session,
        author=author,
    )
    columns = ["id", "score", "type", "class", "user", "title", "content"]
    if as_of is not None:
        if any(where.shape()):
            fail("--as-of filters by type and class only", code=2)
        at = _moment(as_of)
        believed = _with_conn(
            ctx,
            lambda conn: admin.believed(
                conn,
                scope,
                at,
                types=_one(type_),
                classes=_one(memory_class),
                limit=limit,
                query=query,
            ),
        )
        then = Ranking([], "keyword", None if ranking == "keyword" else "as_of")
        show_ranked(then, believed, columns, as_json=as_json)
        return

    async def run() -> tuple[Any, list[dict[str, Any]]]:
        async with open_recall(settings_of(ctx)) as recall:
            found = await recall.ranked(query, scope, where, mode=ranking, mark=False)
        return found, [h.as_dict() for h in found.memories]

    ranked, found = run_async(run())
    show_ranked(ranked, found, columns, as_json=as_json)


@memories_app.command("show")
def show_command(ctx: typer.Context, memory_id: MemoryId, as_json: Json = False) -> None:
    """One memory (live or tombstoned) with its whole history and its timeline: each
    content it had, when it was true, and what ended it."""
    from daemon.admin import memory_admin as admin

    found = _with_row(ctx, memory_id, admin.show_memory)
    if found is None:
        fail(f"no memory {memory_id}")
    if as_json:
        emit_json(found)
        return
    history = found.pop("history")
    timeline = found.pop("timeline")
    hidden = found.pop("hidden_versions")
    print_record(found)
    print_table(history, ["at", "action", "actor", "actor_id", "reason"], title="history")
    print_table(
        timeline,
        ["valid_from", "valid_to", "title", "content", "action", "actor", "reason"],
        title="timeline",
        empty="no timeline",
    )
    if hidden:
        typer.echo(f"{hidden} version(s) hidden: their integrity does not hold (see the log)")


def _moment(text: str) -> Any:
    from daemon.base.moments import moment

    try:
        return moment(text)
    except ValueError as exc:
        fail(str(exc), code=2)


def _scope(project: str | None, user: str | None, tenant: str | None) -> Any:
    from daemon.base.scope import ScopeKey

    if not project:
        fail("--as-of needs --project (what one scope believed)", code=2)
    return ScopeKey(project=project, user=user or "", tenant=tenant or "")


def _one(value: str | None) -> list[str]:
    return [value] if value else []


def _show(found: list[dict[str, Any]], as_json: bool, columns: list[str]) -> None:
    if as_json:
        emit_json(found)
    else:
        print_table(found, columns, empty="nothing believed then")


def _change(ctx: typer.Context, memory_id: str, what: str, body: Callable[..., Any]) -> None:
    from daemon.base.clock import SystemClock

    now = SystemClock().now()
    try:
        changed = _with_row(ctx, memory_id, lambda conn, i: body(conn, i, now))
    except MemoryRefused as exc:
        fail(str(exc))
    if not changed:
        fail(f"memory {memory_id}: nothing to {what} (no such memory, or already so)")
    typer.echo(f"memory {memory_id}: {what} done")


@memories_app.command("pin")
def pin_command(ctx: typer.Context, memory_id: MemoryId) -> None:
    """Pin a live memory: shown first, never expired or merged away by consolidation."""
    from daemon.admin import memory_admin as admin

    _change(
        ctx,
        memory_id,
        "pin",
        lambda conn, i, now: admin.set_pinned(conn, i, True, now, who=operator()),
    )


@memories_app.command("unpin")
def unpin_command(ctx: typer.Context, memory_id: MemoryId) -> None:
    """Unpin a memory: it may expire and be merged again like any other."""
    from daemon.admin import memory_admin as admin

    _change(
        ctx,
        memory_id,
        "unpin",
        lambda conn, i, now: admin.set_pinned(conn, i, False, now, who=operator()),
    )


@memories_app.command("forget")
def forget_command(
    ctx: typer.Context,
    memory_id: MemoryId,
    reason: Annotated[str, typer.Option(help="Why (kept in the history).")] = "operator",
) -> None:
    """Remove a memory from recall (a tombstone, restorable while it is kept)."""
    from daemon.admin import memory_admin as admin

    _change(
        ctx,
        memory_id,
        "forget",
        lambda conn, i, now: admin.forget(conn, i, now, reason=reason, who=operator()),
    )


@memories_app.command("restore")
def restore_command(ctx: typer.Context, memory_id: MemoryId) -> None:
    """Bring a forgotten (tombstoned) memory back, with its id."""
    from daemon.admin import memory_admin as admin

    _change(
        ctx, memory_id, "restore", lambda conn, i, now: admin.restore(conn, i, now, who=operator())
    )


REVIEW_COLUMNS = [
    "id", "project", "source_user", "type", "class", "title", "content", "updated_at",
]  # fmt: skip


@memories_app.command("review")
def review_command(
    ctx: typer.Context,
    project: Project = None,
    tenant: Tenant = None,
    limit: Limit = 100,
    as_json: Json = False,
) -> None:
    """The review queue: shared memories that tell agents what to do, held until an operator
    approves or rejects them (meanwhile only the scope of the user who wrote each sees it)."""
    from daemon.admin import memory_admin as admin

    found = _with_conn(
        ctx, lambda conn: admin.review_queue(conn, project=project, tenant=tenant, limit=limit)
    )
    if as_json:
        emit_json(found)
    else:
        print_table(found, REVIEW_COLUMNS, empty="no memories waiting for review")


@memories_app.command("approve")
def approve_command(ctx: typer.Context, memory_id: MemoryId) -> None:
    """Approve a memory held for review: the whole project sees it, in the block's own voice."""
    from daemon.admin import memory_admin as admin

    _change(
        ctx, memory_id, "approve", lambda conn, i, now: admin.approve(conn, i, now, who=operator())
    )


@memories_app.command("reject")
def reject_command(
    ctx: typer.Context,
    memory_id: MemoryId,
    reason: Annotated[str, typer.Option(help="Why (kept in the history).")] = "",
) -> None:
    """Reject a memory held for review: it is forgotten ("rejected in review")."""
    from daemon.admin import memory_admin as admin

    _change(
        ctx,
        memory_id,
        "reject",
        lambda conn, i, now: admin.reject(conn, i, now, reason=reason, who=operator()),
    )


@memories_app.command("export")
def export_command(
    ctx: typer.Context,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    include_deleted: Annotated[
        bool, typer.Option("--include-deleted", help="Tombstones too (for an exact copy).")
    ] = False,
) -> None:
    """Write memories as JSON lines (one memory per line, every field, ids included)."""
    from daemon.admin import memory_admin as admin
    from daemon.admin.export_import import export_lines

    where = admin.MemoryFilter(
        project, user, tenant, deleted=None if include_deleted else False, limit=None
    )
    settings = settings_of(ctx)

    async def run() -> int:
        written = 0
        out = output.open("w", encoding="utf-8") if output else sys.stdout
        try:
            async with open_store(settings) as store:
                with progress_bar("exporting", None) as advance:
                    async for line in export_lines(store, where):
                        out.write(line + "\n")
                        written += 1
                        advance(1)
        finally:
            if output:
                out.close()
        return written

    count = run_async(run())
    typer.echo(f"exported {count} memories" + (f" to {output}" if output else ""), err=True)


def _lines(source: str) -> Iterator[tuple[str, str]]:
    handle = sys.stdin if source == "-" else Path(source).open(encoding="utf-8")  # noqa: SIM115
    try:
        for number, line in enumerate(handle, start=1):
            yield f"line {number}", line
    finally:
        if handle is not sys.stdin:
            handle.close()


@memories_app.command("import")
def import_command(
    ctx: typer.Context,
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="JSON lines ('-': stdin).")],
    as_json: Json = False,
) -> None:
    """Read memories written by `memories export`.

    Into an empty store the result is the same memories, ids included. A line whose id holds
    the same memory already is skipped, one whose id is taken gets a new id, a live memory
    whose content already lives in its scope is skipped. Bad lines are reported and skipped
    (exit 1). Each imported memory gets an 'import' history row by the operator; the
    superseded versions that follow it come with it.
    """
    from daemon.admin.export_import import ImportReport, import_lines

    settings = settings_of(ctx)

    async def run() -> ImportReport:
        async with open_store(settings) as store:
            with progress_bar("importing", None) as advance:
                return await import_lines(store, _lines(source), progress=advance)

    try:
        report = run_async(run())
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
    if as_json:
        emit_json(
            {
                **{
                    k: getattr(report, k)
                    for k in (
                        "imported",
                        "renumbered",
                        "unchanged",
                        "duplicates",
                        "versions",
                        "versions_skipped",
                    )
                },
                "bad": [{"line": a, "reason": b} for a, b in report.bad],
            }
        )
    else:
        for label, reason in report.bad:
            typer.echo(f"{label}: {reason}", err=True)
        typer.echo(
            f"imported {report.imported} (new ids: {report.renumbered}), unchanged "
            f"{report.unchanged}, duplicates skipped {report.duplicates}, bad {len(report.bad)}; "
            f"versions {report.versions} (skipped {report.versions_skipped})"
        )
    if report.bad:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(memories_app, name="memories")
