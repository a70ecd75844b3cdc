"""``memoryd mcp``: the memory tools over MCP on standard input and output, and ``memoryd mcp
config``: the snippet an MCP host needs to start it."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.cli.program import fail, run_async, settings_of

if TYPE_CHECKING:
    from daemon.base.settings import Settings

mcp_app = typer.Typer(invoke_without_command=True, no_args_is_help=False)

#: What a host's config shows for a key not given (``--with-key`` puts the key in).
KEY_PLACEHOLDER = "mdk_<id>_<secret> (memoryd keys create --role agent ...)"
#: The settings a started ``memoryd mcp`` needs from the environment it was configured in.
_PASSED_ON = ("MEMORYD_REDIS_URL", "MEMORYD_DATA__KEY_FILE", "MEMORYD_REDIS_PREFIX")

Project = Annotated[
    str | None,
    typer.Option(
        "--project",
        envvar="MEMORYD_MCP_PROJECT",
        help="The project to work in, when the key allows several.",
    ),
]
User = Annotated[
    str | None,
    typer.Option(
        "--user",
        envvar="MEMORYD_MCP_USER",
        help="The user to work as, when the key is bound to none.",
    ),
]


@mcp_app.callback()
def mcp_command(ctx: typer.Context, project: Project = None, user: User = None) -> None:
    """Serve the memory tools and the memory block over MCP on stdio (for a local agent);
    the key is read from MEMORYD_API_KEY (a key of `memoryd keys create`, role agent to
    write). It refuses to start, with one line, on a store with no schema or no keys (the
    usual sign of a missing MEMORYD_DATABASE_URL): `memoryd mcp config` prints a snippet
    with the absolute command and the environment it needs."""
    if ctx.invoked_subcommand is not None:
        return
    from daemon.access.tokens import key_id_of
    from daemon.base.errors import ConfigError, SchemaOutOfDate

    key = os.environ.get("MEMORYD_API_KEY", "").strip()
    if not key:
        fail(
            "MEMORYD_API_KEY is not set: memoryd mcp serves only with a key "
            "(memoryd keys create --role agent ...)",
            code=2,
        )
    if key_id_of(key) is None:
        fail("MEMORYD_API_KEY is not a memoryd key (mdk_<id>_<secret>)", code=2)
    settings = settings_of(ctx)
    _refuse_a_missing_store(settings)
    try:
        run_async(_serve(settings, key, project, user))
    except (ConfigError, SchemaOutOfDate) as exc:
        fail(str(exc), code=2)


async def _serve(settings: Settings, key: str, project: str | None, user: str | None) -> None:
    from daemon.app.container import open_container
    from daemon.base.errors import ConfigError, SchemaOutOfDate, StatementFailed
    from daemon.cli.common import one_line
    from daemon.mcp.stdio import serve_stdio
    from daemon.store.api_keys import live_keys

    where = _where(settings)
    try:
        container = await open_container(settings, pool_size=2)
    except SchemaOutOfDate as exc:
        raise ConfigError(f"the store at {where} is not ready: {exc}") from exc
    except (StatementFailed, OSError) as exc:
        fail(f"the store is not answering ({where}): {one_line(exc)}", code=1)
    try:
        async with container.store.connect() as conn:
            if await live_keys(conn) == 0:
                raise ConfigError(
                    f"the store at {where} holds no keys: set MEMORYD_DATABASE_URL to the "
                    "store your key was made in (`memoryd mcp config` prints the snippet), "
                    "or create one there with `memoryd keys create --role agent ...`"
                )
        container.announce_at_rest()
        await serve_stdio(container, key, project=project, user=user)
    finally:
        await container.close()


def _where(settings: Settings) -> str:
    from daemon.base.settings import masked

    return str(masked(settings)["database_url"])


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite store's URL (None for another store or an in-memory one)."""
    scheme, _, rest = url.partition("://")
    if not scheme.startswith("sqlite") or not rest.startswith("/"):
        return None
    path = rest[1:].split("?", 1)[0]
    return None if path in ("", ":memory:") else Path(path)


def _refuse_a_missing_store(settings: Settings) -> None:
    """Fail before a SQLite file that does not exist is made (an empty store has no keys)."""
    path = _sqlite_file(settings.database_url)
    if path is not None and not path.exists():
        fail(
            f"no memoryd store at {path}: set MEMORYD_DATABASE_URL to your store "
            "(`memoryd mcp config` prints a ready snippet)",
            code=2,
        )


def _command() -> list[str]:
    """How a host starts this memoryd: its absolute ``memoryd`` beside this Python, else on
    PATH, else this Python running the package."""
    beside = Path(sys.executable).parent / "memoryd"
    if beside.exists():
        return [str(beside.absolute())]
    found = shutil.which("memoryd")
    if found is not None:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "daemon"]


def stdio_snippet(
    settings: Settings, *, name: str, project: str | None, user: str | None, key: str | None
) -> dict[str, Any]:
    """The ``mcpServers`` entry that starts this memoryd on this store."""
    command = _command()
    env: dict[str, str] = {
        "MEMORYD_API_KEY": key or KEY_PLACEHOLDER,
        "MEMORYD_DATABASE_URL": settings.database_url,
    }
    for passed in _PASSED_ON:
        if value := os.environ.get(passed):
            env[passed] = value
    if project:
        env["MEMORYD_MCP_PROJECT"] = project
    if user:
        env["MEMORYD_MCP_USER"] = user
    server = {"command": command[0], "args": [*command[1:], "mcp"], "env": env}
    return {"mcpServers": {name: server}}


def http_snippet(url: str, *, name: str, project: str | None, user: str | None) -> dict[str, Any]:
    """The ``mcpServers`` entry for ``memoryd serve``'s ``/mcp``."""
    headers = {"Authorization": f"Bearer {KEY_PLACEHOLDER}"}
    if project:
        headers["X-Memoryd-Project"] = project
    if user:
        headers["X-Memoryd-User"] = user
    server = {"type": "http", "url": url.rstrip("/") + "/mcp", "headers": headers}
    return {"mcpServers": {name: server}}


@mcp_app.command("config")
def config_command(
    ctx: typer.Context,
    project: Project = None,
    user: User = None,
    name: Annotated[str, typer.Option(help="The server's name in the host's config.")] = "memoryd",
    http: Annotated[
        str | None,
        typer.Option(help="A `memoryd serve` URL: print the snippet for its /mcp instead."),
    ] = None,
    with_key: Annotated[
        bool,
        typer.Option(
            "--with-key",
            help="Put MEMORYD_API_KEY of this environment in the snippet (a secret: the "
            "snippet then belongs in a file only you can read).",
        ),
    ] = False,
) -> None:
    """Print the JSON an MCP host (a desktop app, an IDE) needs to start this memoryd: the
    absolute command (a virtualenv's memoryd is not on the host's PATH) and the environment
    it needs (this store's MEMORYD_DATABASE_URL, the key). Nothing is started or written."""
    if http is not None:
        snippet = http_snippet(http, name=name, project=project, user=user)
    else:
        key = os.environ.get("MEMORYD_API_KEY", "").strip() if with_key else None
        if with_key and not key:
            fail("--with-key: MEMORYD_API_KEY is not set in this environment", code=2)
        snippet = stdio_snippet(settings_of(ctx), name=name, project=project, user=user, key=key)
    typer.echo(json.dumps(snippet, indent=2, ensure_ascii=False))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(mcp_app, name="mcp")
