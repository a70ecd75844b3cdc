"""``memoryd publish``: turn events from a file, standard input or the bundled samples to the
stream."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from daemon.base.errors import EventDecodeError, EventError, MemorydError
from daemon.base.redis_keys import Keys
from daemon.cli.program import fail, redis_of, run_async, settings_of

if TYPE_CHECKING:
    from daemon.events.publisher import Publisher

#: Events sent to Redis per pipelined round trip by ``memoryd publish``.
PUBLISH_BATCH = 500


@dataclass
class PublishReport:
    """What ``memoryd publish`` did: events published and the items it refused."""

    published: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)


def read_json_lines(lines: Iterable[str]) -> Iterator[tuple[str, Any]]:
    """Parse JSON lines into ``("line N", value)``; a bad line yields an ``EventDecodeError``.

    Blank lines are skipped (they still count for the line numbers).
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield f"line {number}", json.loads(line)
        except json.JSONDecodeError as exc:
            yield f"line {number}", EventDecodeError(f"not JSON: {exc.msg} (column {exc.colno})")


async def publish_items(
    publisher: Publisher, items: Iterable[tuple[str, Any]], *, batch: int = PUBLISH_BATCH
) -> PublishReport:
    """Publish labelled events, skipping and recording those that are refused."""
    report = PublishReport()
    pending: list[bytes] = []
    for label, item in items:
        if isinstance(item, EventError):
            report.failed.append((label, str(item)))
            continue
        try:
            pending.append(publisher.prepare(item))
        except EventError as exc:
            report.failed.append((label, str(exc)))
            continue
        if len(pending) >= batch:
            report.published += len(await publisher.send_prepared(pending))
            pending = []
    report.published += len(await publisher.send_prepared(pending))
    return report


async def _publish(ctx: typer.Context, items: Iterable[tuple[str, Any]]) -> PublishReport:
    from daemon.events.publisher import Publisher

    settings = settings_of(ctx)
    client = redis_of(ctx)
    publisher = Publisher(
        client, Keys.of(settings), max_event_bytes=settings.stream.max_event_bytes
    )
    try:
        return await publish_items(publisher, items)
    finally:
        await publisher.aclose()


@contextmanager
def _open_source(source: str) -> Iterator[TextIO]:
    if source == "-":
        yield sys.stdin
        return
    with Path(source).open(encoding="utf-8") as file:
        yield file


def _fixture_items() -> Iterator[tuple[str, Any]]:
    from daemon import fixtures
    from daemon.events.publisher import fixture_events

    for name in fixtures.NAMES:
        for event in fixture_events(fixtures.load(name)):
            yield f"fixture {name} turn {event.turn}", event


def publish(
    ctx: typer.Context,
    source: Annotated[
        str | None,
        typer.Argument(
            metavar="FILE|-",
            help="A file of JSON lines, one turn event per line; '-' reads standard input.",
            show_default=False,
        ),
    ] = None,
    use_fixtures: Annotated[
        bool,
        typer.Option(
            "--fixtures",
            help="Publish the sample sessions bundled with memoryd instead of a file.",
        ),
    ] = False,
) -> None:
    """Publish turn events to the stream at MEMORYD_REDIS_URL.

    Bad lines are reported with their line number and skipped; the others are published.

    Exits 1 if any line was refused.
    """
    if use_fixtures == (source is not None):
        fail("give either FILE (or '-') or --fixtures", code=2)
    try:
        if use_fixtures:
            report = run_async(_publish(ctx, _fixture_items()))
        else:
            assert source is not None
            with _open_source(source) as lines:
                report = run_async(_publish(ctx, read_json_lines(lines)))
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        fail(f"cannot read {source}: {reason}")
    except MemorydError as exc:
        fail(str(exc))
    for label, reason in report.failed:
        typer.echo(f"{label}: {reason}", err=True)
    stream = Keys.of(settings_of(ctx)).stream
    refused = f", {len(report.failed)} refused" if report.failed else ""
    typer.echo(f"published {report.published} events to {stream}{refused}")
    if report.failed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command()(publish)
