"""``memoryd dlq``: the dead-letter stream (events that could not be accepted)."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.base.redis_keys import Keys
from daemon.cli.common import (
    Json,
    Limit,
    Yes,
    confirm,
    emit_json,
    print_record,
    print_table,
    progress_bar,
)
from daemon.cli.program import fail, redis_of, run_async, settings_of

dlq_app = typer.Typer(
    help="Dead letters: events the dispatcher could not accept, with the reason and the raw "
    "payload (<prefix>:dead). List and show them; replay the ones that can now be read; "
    "purge the rest.",
    no_args_is_help=True,
)

Ids = Annotated[
    list[str] | None, typer.Argument(help="Dead-letter ids (as `memoryd dlq list` shows).")
]
All = Annotated[bool, typer.Option("--all", help="Every dead letter.")]


def _checked(ids: list[str]) -> list[str]:
    """The ids as given, or one error line (exit 2) naming the first malformed one."""
    from daemon.admin import dead_letters as dlq

    try:
        return [dlq.letter_id(i) for i in ids]
    except ValueError as exc:
        fail(str(exc), code=2)


@dlq_app.command("list")
def list_command(
    ctx: typer.Context,
    as_json: Json = False,
    limit: Limit = 50,
    before: Annotated[str | None, typer.Option(help="Page on: letters older than this id.")] = None,
) -> None:
    """The newest dead letters first: id, when, why, the original stream entry, size."""
    from daemon.admin import dead_letters as dlq

    if before is not None:
        _checked([before])

    async def run() -> tuple[int, list[dlq.DeadLetter]]:
        redis = redis_of(ctx)
        keys = Keys.of(settings_of(ctx))
        try:
            return await dlq.count(redis, keys), await dlq.newest(
                redis, keys, limit=limit, before=before
            )
        finally:
            await redis.aclose()

    total, letters = run_async(run())
    if as_json:
        emit_json({"count": total, "letters": [x.summary() for x in letters]})
        return
    columns = ["id", "at", "reason", "entry_id", "bytes"]
    title = f"{total} dead letters" + (f" (newest {len(letters)})" if total > len(letters) else "")
    print_table([x.summary() for x in letters], columns, title=title, empty="no dead letters")


@dlq_app.command("show")
def show_command(
    ctx: typer.Context,
    letter_id: Annotated[str, typer.Argument(metavar="ID", help="The dead letter's id.")],
    as_json: Json = False,
) -> None:
    """One dead letter in full, its payload pretty-printed when it is JSON (a payload that is
    not, or is too big to show whole, is shown as text, cut, with escapes)."""
    from daemon.admin import dead_letters as dlq

    _checked([letter_id])

    async def run() -> dlq.DeadLetter | None:
        redis = redis_of(ctx)
        try:
            return await dlq.get(redis, Keys.of(settings_of(ctx)), letter_id)
        finally:
            await redis.aclose()

    letter = run_async(run())
    if letter is None:
        fail(f"no dead letter {letter_id}")
    if as_json:
        emit_json(letter.as_dict())
        return
    record = letter.as_dict()
    payload = record.pop("payload")
    print_record(record)
    typer.echo(dlq.pretty(payload))


@dlq_app.command("replay")
def replay_command(
    ctx: typer.Context, ids: Ids = None, every: All = False, as_json: Json = False
) -> None:
    """Put dead letters back on the turn stream, each once its event decodes and validates.

    Replayed letters leave the dead-letter stream; the dispatcher reads them again like any
    new event (a duplicate of a stored turn changes nothing). Letters that still cannot be
    read stay, and are listed with the reason; so do truncated letters, which cannot be
    replayed. Exits 1 when any was refused.
    """
    from daemon.admin import dead_letters as dlq

    if bool(ids) == every:
        fail("give dead-letter ids or --all", code=2)
    ids = _checked(ids) if ids else None
    settings = settings_of(ctx)

    async def run() -> dlq.ReplayReport:
        redis = redis_of(ctx)
        keys = Keys.of(settings)
        try:
            total = len(ids) if ids else await dlq.count(redis, keys)
            with progress_bar("replaying", total) as advance:
                return await dlq.replay(
                    redis,
                    keys,
                    ids if ids else None,
                    max_event_bytes=settings.stream.max_event_bytes,
                    progress=advance,
                )
        finally:
            await redis.aclose()

    report = run_async(run())
    if as_json:
        emit_json(
            {
                "replayed": [{"id": a, "entry_id": b} for a, b in report.replayed],
                "refused": [{"id": a, "reason": b} for a, b in report.refused],
                "missing": report.missing,
            }
        )
    else:
        for letter_id, reason in report.refused:
            typer.echo(f"{letter_id}: still unreadable: {reason}", err=True)
        for letter_id in report.missing:
            typer.echo(f"{letter_id}: no such dead letter", err=True)
        typer.echo(
            f"replayed {len(report.replayed)}, refused {len(report.refused)}, "
            f"missing {len(report.missing)}"
        )
    if report.refused or report.missing:
        raise typer.Exit(1)


@dlq_app.command("purge")
def purge_command(
    ctx: typer.Context, ids: Ids = None, every: All = False, yes: Yes = False
) -> None:
    """Delete dead letters for good (asks first unless --yes)."""
    from daemon.admin import dead_letters as dlq

    if bool(ids) == every:
        fail("give dead-letter ids or --all", code=2)
    ids = _checked(ids) if ids else None
    keys = Keys.of(settings_of(ctx))
    what = f"{len(ids)} dead letters" if ids else f"every dead letter in {keys.dead}"
    confirm(f"Delete {what}?", yes)

    async def run() -> int:
        redis = redis_of(ctx)
        try:
            with progress_bar("purging", len(ids) if ids else None) as advance:
                return await dlq.purge(redis, keys, ids if ids else None, progress=advance)
        finally:
            await redis.aclose()

    typer.echo(f"deleted {run_async(run())} dead letters")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(dlq_app, name="dlq")
