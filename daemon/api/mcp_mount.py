"""The MCP server's streamable HTTP transport, mounted in ``memoryd serve`` at ``/mcp``.

Bound like every other request: the ``Authorization`` header goes through the API's own
:func:`~daemon.api.bearer.grant_for` (the keyring, the key's rate limit, ``--no-auth``), and a
refusal is answered in the API's error shape and counted by its code.

Mounted at "/" after the API's routes, this app also receives every request no API route
took in full: it answers them as the API would have, a JSON 405 (with ``Allow``) when an
API route has the path but not the method, else a JSON 404.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fastapi import FastAPI
from starlette.routing import Match, Mount, compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.access.grant import Grant
from daemon.access.refusals import ApiError
from daemon.api.application import Mounted, MountFactory
from daemon.api.bearer import grant_for
from daemon.api.request_context import ApiContext
from daemon.api.tools_port import memory_tools
from daemon.mcp.http import http_app, send_error
from daemon.tools.scratch import Scratch

PATH = "/mcp"


@dataclass(frozen=True, slots=True)
class _Route:
    """What the metrics middleware labels a request by (``scope["route"].path``)."""

    path: str


def _allowed(scope: Scope, path: str) -> set[str] | None:
    """The methods the API's routes take on this path; None when no route has the path."""
    app = scope.get("app")
    partial = [
        route
        for route in getattr(app, "routes", ())
        if not isinstance(route, Mount) and route.matches(scope)[0] is Match.PARTIAL
    ]
    if not partial:
        return None
    methods = {m for route in partial for m in getattr(route, "methods", None) or ()}
    paths = app.openapi().get("paths", {}) if isinstance(app, FastAPI) else {}
    for template, operations in paths.items():
        if compile_path(template)[0].match(path):
            methods |= {method.upper() for method in operations}
    return methods


class _OnlyMcp:
    """Serves ``/mcp`` with the MCP app, and any other path as the API would have."""

    def __init__(self, app: ASGIApp, ctx: ApiContext) -> None:
        self.app = app
        self.ctx = ctx

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        if scope["type"] == "http" and path.rstrip("/") == PATH:
            scope["route"] = _Route(PATH)
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            return
        allowed = _allowed(scope, path)
        if allowed is not None:
            refusal = ApiError(
                405,
                "method_not_allowed",
                f"{scope['method']} is not allowed here: see /openapi.json",
                headers={"Allow": ", ".join(sorted(allowed))},
            )
        else:
            refusal = ApiError(404, "not_found", "no such route: see /openapi.json")
        self.ctx.metrics.refusals.labels(refusal.code).inc()
        await send_error(send, refusal)


def mcp_mount(host: str = "127.0.0.1", allowed_hosts: Sequence[str] = ()) -> MountFactory:
    """The factory ``create_app(settings, mounts={"/": mcp_mount(host)})`` takes: ``host`` is
    the address serve listens on (a loopback one keeps the MCP SDK's DNS rebinding
    protection)."""

    def factory(ctx: ApiContext) -> Mounted:
        async def authenticate(header: str | None, client: str | None) -> Grant:
            return await grant_for(ctx, header, client)

        def refused(exc: ApiError) -> None:
            ctx.metrics.refusals.labels(exc.code).inc()

        served = http_app(
            memory_tools(ctx),
            authenticate,
            path=PATH,
            host=host,
            allowed_hosts=allowed_hosts,
            refused=refused,
            delivery=ctx.delivery(),
            scratch=Scratch(ctx.redis, ctx.keys, ctx.settings.scratch, ctx.store.sealer),
        )
        return Mounted(_OnlyMcp(served.app, ctx), served.lifespan)

    return factory
