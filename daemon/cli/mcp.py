"""``memoryd mcp``: the memory tools over MCP on standard input and output."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from daemon.cli.program import fail, run_async, settings_of


def mcp_command(
    ctx: typer.Context,
    project: Annotated[
        str | None,
        typer.Option(
            "--project",
            envvar="MEMORYD_MCP_PROJECT",
            help="The project to work in, when the key allows several.",
        ),
    ] = None,
    user: Annotated[
        str | None,
        typer.Option(
            "--user",
            envvar="MEMORYD_MCP_USER",
            help="The user to work as, when the key is bound to none.",
        ),
    ] = None,
) -> None:
    """Serve the memory tools and the memory block over MCP on stdio (for a local agent);
    the key is read from MEMORYD_API_KEY (a key of `memoryd keys create`, role agent to
    write)."""
    from daemon.access.tokens import key_id_of
    from daemon.base.errors import ConfigError, SchemaOutOfDate
    from daemon.cli.common import open_container_or_fail
    from daemon.mcp.stdio import serve_stdio

    key = os.environ.get("MEMORYD_API_KEY", "").strip()
    if not key:
        fail(
            "MEMORYD_API_KEY is not set: memoryd mcp serves only with a key "
            "(memoryd keys create --role agent ...)",
            code=2,
        )
    if key_id_of(key) is None:
        fail("MEMORYD_API_KEY is not a memoryd key (mdk_<id>_<secret>)", code=2)

    async def serve() -> None:
        container = await open_container_or_fail(settings_of(ctx))
        container.announce_at_rest()
        try:
            await serve_stdio(container, key, project=project, user=user)
        finally:
            await container.close()

    try:
        run_async(serve())
    except (ConfigError, SchemaOutOfDate) as exc:
        fail(str(exc), code=2)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command("mcp")(mcp_command)
