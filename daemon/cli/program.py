"""The ``memoryd`` typer app, its callback and the helpers command modules share.

The callback is the edge: it builds the settings once from the environment, configures
logging and keeps both in a :class:`CliState` on the click context. A command module does::

    from daemon.cli.program import run_async, settings_of

    def dispatch(ctx: typer.Context) -> None:
        \"\"\"Read turn events from the stream and store them.\"\"\"
        settings = settings_of(ctx)
        run_async(run_dispatcher(settings))

    def register(app: typer.Typer) -> None:
        app.command()(dispatch)

and is listed in ``daemon.cli.COMMANDS``, whose ``register`` calls add the commands.

Starting the command line must stay cheap (``memoryd --help`` builds every command): a
command module imports typer and light modules at the top, and what it runs (the store,
Redis, the settings' models) inside the command's function.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

if TYPE_CHECKING:
    import redis.asyncio

    from daemon.base.settings import Settings

T = TypeVar("T")

app = typer.Typer(
    name="memoryd",
    help=(
        "memoryd: background memory extraction for LLM agents. Agent hosts publish one JSON "
        "event per turn to Redis; memoryd stores the turns and extracts durable memories. "
        "Configured by MEMORYD_* environment variables (see `memoryd config`)."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",  # docstring paragraphs are reflowed to the terminal width
)


def _redis_from_url(url: str) -> redis.asyncio.Redis:
    import redis.asyncio

    client: redis.asyncio.Redis = redis.asyncio.Redis.from_url(url)
    return client


@dataclass
class CliState:
    """What the callback hands to every command (the click context's ``obj``).

    Embedders and tests may pass their own, e.g. ``CliRunner().invoke(app, args,
    obj=CliState(redis_factory=...))``: ``settings`` given here are used instead of the
    environment, and ``redis_factory`` makes the asyncio Redis client of commands that
    need one.
    """

    settings: Settings | None = None
    redis_factory: Callable[[str], redis.asyncio.Redis] = field(default=_redis_from_url)


class LogFormat(StrEnum):
    json = "json"
    console = "console"


class LogLevel(StrEnum):
    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


def state_of(ctx: typer.Context) -> CliState:
    """The :class:`CliState` the callback stored on the context."""
    state = ctx.find_object(CliState)
    if state is None:
        raise RuntimeError("memoryd's CLI callback has not run for this context")
    return state


def settings_of(ctx: typer.Context) -> Settings:
    """The settings built by the callback (for commands)."""
    settings = state_of(ctx).settings
    if settings is None:
        raise RuntimeError("memoryd's CLI callback has not built the settings")
    return settings


def redis_of(ctx: typer.Context) -> redis.asyncio.Redis:
    """A new asyncio Redis client for ``MEMORYD_REDIS_URL``; the caller closes it."""
    return state_of(ctx).redis_factory(settings_of(ctx).redis_url)


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from a command (the CLI is the edge)."""
    import asyncio

    return asyncio.run(coro)


def fail(message: str, *, code: int = 1) -> NoReturn:
    """Print ``memoryd: <message>`` on standard error and exit with ``code``."""
    typer.echo(f"memoryd: {message}", err=True)
    raise typer.Exit(code)


def _show_version(value: bool) -> None:
    if not value:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        typer.echo(f"memoryd {version('memoryd')}")
    except PackageNotFoundError:
        typer.echo("memoryd (not installed)")
    raise typer.Exit(0)


@app.callback()
def _callback(
    ctx: typer.Context,
    log_format: Annotated[
        LogFormat | None,
        typer.Option(
            "--log-format",
            help="Log lines as JSON or for a human; overrides MEMORYD_LOG__FORMAT "
            "(default: JSON unless standard error is a terminal).",
            case_sensitive=False,
        ),
    ] = None,
    log_level: Annotated[
        LogLevel | None,
        typer.Option(
            "--log-level",
            help="The lowest level logged; overrides MEMORYD_LOG__LEVEL (default: info).",
            case_sensitive=False,
        ),
    ] = None,
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print memoryd's version and exit.",
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Build the settings from the environment and configure logging (to stderr)."""
    prepare(
        ctx,
        log_format=None if log_format is None else log_format.value,
        log_level=None if log_level is None else log_level.value,
    )


def prepare(ctx: typer.Context, *, log_format: str | None, log_level: str | None) -> None:
    """What an app's callback does: build the settings once (from the environment unless
    the context's :class:`CliState` holds some), apply the log overrides, configure
    logging, and keep the settings in the state."""
    from daemon.base.errors import ConfigError
    from daemon.base.logs import configure_logging
    from daemon.base.settings import load_settings

    state = ctx.ensure_object(CliState)
    settings = state.settings
    if settings is None:
        try:
            settings = load_settings()
        except ConfigError as exc:
            reason = " ".join(str(exc).split())
            fail(f"invalid setting {reason}", code=2)
    overrides: dict[str, str] = {}
    if log_format is not None:
        overrides["format"] = log_format
    if log_level is not None:
        overrides["level"] = log_level
    if overrides:
        log = settings.log.model_copy(update=overrides)
        settings = settings.model_copy(update={"log": log})
    state.settings = settings
    configure_logging(settings.log)
