"""memoryd's MCP server over streamable HTTP, bound by the request's bearer key.

:func:`http_app` returns an :class:`McpHttp`: its ``app`` is an ASGI application serving
MCP at ``path`` (stateless and answering JSON, so any number of processes can serve it),
and ``lifespan()`` runs the SDK's session manager. Served alone (``uvicorn``), the app
runs its lifespan itself; mounted in another app (at "/", after that app's own routes), the
other app's lifespan must enter ``lifespan()`` (once: the session manager runs only once)::

    mcp_http = http_app(tools, resolve)

    @asynccontextmanager
    async def lifespan(app):
        async with mcp_http.lifespan():
            yield

    api = FastAPI(lifespan=lifespan)
    ...  # the API's routes
    api.mount("/", mcp_http.app)  # MCP at /mcp

Every request must carry ``Authorization: Bearer <key>``: without one, or with a key the
resolver does not know, it is answered 401 before the MCP layer sees it. The key's grant is
narrowed per request by the client's settings, the headers ``X-Memoryd-Project`` and
``X-Memoryd-User`` (or the query parameters ``project`` and ``user``), where the key allows
several.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

import structlog
from mcp.server.mcpserver import Context
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.auth.grant import Grant
from daemon.errors import ToolRefused
from daemon.mcp.keys import KeyResolver
from daemon.mcp.server import build_mcp
from daemon.tools.memory import Caller, MemoryTools

__all__ = ["GRANT_STATE", "McpHttp", "http_app"]

log = structlog.get_logger("memoryd.mcp")

#: Where the bearer middleware leaves the request's grant (``request.state``).
GRANT_STATE = "memoryd_grant"
PROJECT_HEADER = "x-memoryd-project"
USER_HEADER = "x-memoryd-user"
_LOCAL = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True, slots=True)
class McpHttp:
    """The ASGI app and the lifespan to enter around serving it."""

    app: ASGIApp
    lifespan: Any  # () -> AbstractAsyncContextManager[None]


class BearerGrant:
    """ASGI middleware: resolves the bearer key of each HTTP request to its grant."""

    def __init__(self, app: ASGIApp, resolve: KeyResolver) -> None:
        self.app = app
        self.resolve = resolve

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = _authorization(scope)
        key = _bearer(header)
        grant = None if key is None else await self.resolve(key)
        if grant is None:
            if header is None:
                code, message = "missing_key", "send the key as `Authorization: Bearer <key>`"
            elif key is None:
                code, message = "malformed_key", "the Authorization header must be `Bearer <key>`"
            else:
                code, message = "invalid_key", "unknown or revoked key: check it, or create one"
            log.info("mcp.unauthorized", code=code)
            await _unauthorized(send, code, f"{message} (memoryd keys create)")
            return
        scope.setdefault("state", {})[GRANT_STATE] = grant
        await self.app(scope, receive, send)


def _authorization(scope: Scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            text: str = value.decode("latin-1")
            return text
    return None


def _bearer(header: str | None) -> str | None:
    kind, _, key = (header or "").partition(" ")
    return key.strip() if kind.lower() == "bearer" and key.strip() else None


async def _unauthorized(send: Send, code: str, message: str) -> None:
    body = json.dumps({"code": code, "message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"www-authenticate", b'Bearer realm="memoryd"'),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _setting(request: Any, header: str, query: str) -> str | None:
    value = request.headers.get(header)
    if value is None:
        values = parse_qs(str(request.url.query)).get(query)
        value = values[0] if values else None
    return None if value is None else str(value)


def caller_of_request(ctx: Context) -> Caller:
    """The caller of an HTTP request: its grant, narrowed by the client's settings."""
    request = ctx.request_context.request
    grant = getattr(getattr(request, "state", None), GRANT_STATE, None)
    if not isinstance(grant, Grant):
        raise ToolRefused("no_key", "this request carries no key")
    return Caller.of(
        grant,
        project=_setting(request, PROJECT_HEADER, "project"),
        user=_setting(request, USER_HEADER, "user"),
    )


def http_app(
    tools: MemoryTools,
    resolve: KeyResolver,
    *,
    path: str = "/mcp",
    host: str = "127.0.0.1",
    allowed_hosts: Sequence[str] = (),
) -> McpHttp:
    """memoryd's MCP server at ``path``, bound by bearer keys. Served on a loopback
    ``host``, requests must name a loopback ``Host`` (DNS rebinding protection) unless
    ``allowed_hosts`` lists others (``"memoryd.internal:*"``)."""
    server = build_mcp(tools, caller_of_request)
    security = None
    if allowed_hosts or host not in _LOCAL:
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=bool(allowed_hosts),
            allowed_hosts=list(allowed_hosts),
        )
    starlette = server.streamable_http_app(
        streamable_http_path=path,
        stateless_http=True,
        json_response=True,
        transport_security=security,
        host=host,
    )

    def lifespan() -> AbstractAsyncContextManager[None]:
        return server.session_manager.run()

    return McpHttp(app=BearerGrant(starlette, resolve), lifespan=lifespan)
