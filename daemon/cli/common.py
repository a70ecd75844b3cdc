"""What the operator commands share: options, the store, JSON, tables and progress bars.

(No command is defined here: ``daemon.cli.COMMANDS`` lists the modules that define them.)
"""

from __future__ import annotations

import getpass
import json
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.base.errors import SchemaOutOfDate
from daemon.cli.program import fail, redis_of, settings_of

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from daemon.app.container import Container
    from daemon.base.settings import Settings
    from daemon.store.db import Store

Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of a table.")]
Limit = Annotated[int, typer.Option("--limit", "-n", help="Show at most this many.", min=1)]
Project = Annotated[str | None, typer.Option("--project", "-p", help="Only this project.")]
User = Annotated[
    str | None, typer.Option("--user", "-u", help="Only this user ('' for shared rows).")
]
Tenant = Annotated[str | None, typer.Option("--tenant", "-t", help="Only this tenant.")]
Yes = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]


def operator() -> str | None:
    """Who is at the keyboard, for ``memory_history.actor_id``."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return None


def one_line(exc: BaseException) -> str:
    """An error in one line: a database driver's own message when there is one."""
    from daemon.base.errors import StatementFailed

    if isinstance(exc, StatementFailed) and exc.orig is not None:
        return " ".join(str(exc.orig).split())
    return " ".join(str(exc).split()) or type(exc).__name__


def outage_line(exc: BaseException) -> str | None:
    """The one line a command prints for an outage it expects (the store or Redis not
    answering), found in ``exc``, an exception group in it or its causes; None otherwise."""
    from redis.exceptions import RedisError

    from daemon.base.errors import QueueError, StoreUnavailable

    seen: list[BaseException] = [exc]
    while seen:
        current = seen.pop()
        if isinstance(current, StoreUnavailable):
            return f"the store is not answering (MEMORYD_DATABASE_URL): {one_line(current)}"
        if isinstance(current, QueueError | RedisError):
            return f"Redis is not answering (MEMORYD_REDIS_URL): {one_line(current)}"
        if isinstance(current, BaseExceptionGroup):
            seen.extend(current.exceptions)
        if current.__cause__ is not None:
            seen.append(current.__cause__)
    return None


async def open_container_or_fail(
    settings: Settings,
    *,
    redis: Redis | None = None,
    check_schema: bool = True,
    code: int = 1,
    pool_size: int | None = 2,
) -> Container:
    """The command's container; an out-of-date schema or a store that is down (an outage a
    command expects) ends the command with one line on standard error, never a traceback,
    and exit status ``code``. ``pool_size`` None: the store's pool of the settings."""
    from daemon.app.container import open_container
    from daemon.base.errors import ConfigError, StatementFailed
    from daemon.base.settings import masked

    try:
        return await open_container(
            settings, redis=redis, check_schema=check_schema, pool_size=pool_size
        )
    except (SchemaOutOfDate, ConfigError) as exc:
        fail(str(exc), code=code)
    except (StatementFailed, OSError) as exc:
        where = masked(settings)["database_url"]
        fail(f"the store is not answering ({where}): {one_line(exc)}", code=code)


@asynccontextmanager
async def open_store(settings: Settings) -> AsyncIterator[Store]:
    """The store of a command that needs no Redis, from the command's container (refusing an
    out-of-date schema or a store that is down with a one-line error); closed on the way
    out."""
    built = await open_container_or_fail(settings)
    try:
        yield built.store
    finally:
        await built.close()


@asynccontextmanager
async def container_of(
    ctx: typer.Context, *, check_schema: bool = True, down_code: int = 1
) -> AsyncIterator[Container]:
    """The command's container (``daemon.app.container``): its Redis client, the store
    (refusing an out-of-date schema or a store that is down with a one-line error) and the
    system clock; closed on the way out. ``down_code`` is the exit status then."""
    redis = redis_of(ctx)
    try:
        built = await open_container_or_fail(
            settings_of(ctx), redis=redis, check_schema=check_schema, code=down_code
        )
    except typer.Exit:
        await redis.aclose()
        raise
    try:
        yield built
    finally:
        await built.close()


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, default=str))


def _cell(value: Any, width: int) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else ""
    text = " ".join(str(value).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def print_table(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[str],
    *,
    title: str | None = None,
    width: int = 60,
    empty: str = "nothing to show",
) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    if not console.is_terminal:  # piped or captured: room for every column
        console = Console(width=200)
    if not rows:
        console.print(empty)
        return
    table = Table(title=None if title is None else Text(title), title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(Text(_cell(row.get(c), width)) for c in columns))  # never markup
    console.print(table)


def print_record(record: dict[str, Any], *, skip: Sequence[str] = ()) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=False, box=None)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, value in record.items():
        if key not in skip:
            table.add_row(key, Text("-" if value is None else str(value)))
    Console().print(table)


@contextmanager
def progress_bar(description: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error; yields ``advance(n)``."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


def confirm(question: str, yes: bool) -> None:
    """Ask on the terminal unless ``--yes``; exit 1 when the answer is no."""
    if not yes and not typer.confirm(question, default=False, err=True):
        typer.echo("nothing done", err=True)
        raise typer.Exit(1)
