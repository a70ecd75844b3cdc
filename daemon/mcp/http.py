"""memoryd's MCP server over streamable HTTP, bound by the request's bearer key.

:func:`http_app` returns an :class:`McpHttp`: its ``app`` is an ASGI application serving
MCP at ``path`` (stateless and answering JSON, so any number of processes can serve it),
and ``lifespan()`` runs the SDK's session manager. Served alone (``uvicorn``), the app
runs its lifespan itself; mounted in another app (at "/", after that app's own routes), the
other app's lifespan must enter ``lifespan()`` (once: the session manager runs only once)::

    mcp_http = http_app(tools, keyring_authenticate(keyring))

    @asynccontextmanager
    async def lifespan(app):
        async with mcp_http.lifespan():
            yield

    api = FastAPI(lifespan=lifespan)
    ...  # the API's routes
    api.mount("/", mcp_http.app)  # MCP at /mcp

Every request must carry ``Authorization: Bearer <key>``: ``authenticate`` turns the header
into the key's grant, or raises :class:`~daemon.access.refusals.ApiError` (401 ``missing_key``,
``malformed_key``, ``invalid_key``, ``key_revoked``; in ``memoryd serve`` also 429 and 503),
answered in the HTTP API's one error shape before the MCP layer sees the request.
:func:`keyring_authenticate` is the one over a :class:`~daemon.access.keyring.Keyring`;
``memoryd serve`` mounts this app with its own (the keyring and the key's rate limit). The
key's grant is narrowed per request by the client's settings, the headers
``X-Memoryd-Project`` and ``X-Memoryd-User`` (or the query parameters ``project`` and
``user``), where the key allows several.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

import structlog
from mcp.server.mcpserver import Context
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.access.grant import Grant
from daemon.access.keyring import Keyring, bearer_token
from daemon.access.policy import ScopeUnnamed
from daemon.access.refusals import ApiError
from daemon.base.errors import ToolRefused
from daemon.mcp.memory_server import build_mcp
from daemon.tools.delivery import Delivery
from daemon.tools.memory import Caller, MemoryTools
from daemon.tools.scratch import Scratch

__all__ = [
    "GRANT_STATE",
    "Authenticate",
    "McpHttp",
    "http_app",
    "keyring_authenticate",
    "send_error",
]

#: The grant of an ``Authorization`` header (None when absent) sent from a client address
#: (None when unknown), or an :class:`ApiError`.
Authenticate = Callable[[str | None, str | None], Awaitable[Grant]]

log = structlog.get_logger("memoryd.mcp")

#: Where the bearer middleware leaves the request's grant (``request.state``).
GRANT_STATE = "memoryd_grant"
PROJECT_HEADER = "x-memoryd-project"
USER_HEADER = "x-memoryd-user"
#: How an MCP client over HTTP names the project (``project_required``).
HTTP_FIX = "the X-Memoryd-Project header of the client's MCP settings, or `?project=` in its URL"
_LOCAL = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True, slots=True)
class McpHttp:
    """The ASGI app and the lifespan to enter around serving it."""

    app: ASGIApp
    lifespan: Any  # () -> AbstractAsyncContextManager[None]


def keyring_authenticate(keyring: Keyring) -> Authenticate:
    """Authentication by the keys a :class:`Keyring` knows (no rate limit)."""

    async def authenticate(header: str | None, _client: str | None) -> Grant:
        token = bearer_token(header)
        return keyring.cached(token) or await keyring.load(token)

    return authenticate


class BearerGrant:
    """ASGI middleware: resolves the bearer key of each HTTP request to its grant."""

    def __init__(
        self,
        app: ASGIApp,
        authenticate: Authenticate,
        refused: Callable[[ApiError], None] | None = None,
    ) -> None:
        self.app = app
        self.authenticate = authenticate
        self.refused = refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            client = scope.get("client")
            grant = await self.authenticate(_authorization(scope), client[0] if client else None)
        except ApiError as exc:
            log.info("mcp.refused", code=exc.code, status=exc.status)
            if self.refused is not None:
                self.refused(exc)
            await send_error(send, exc)
            return
        scope.setdefault("state", {})[GRANT_STATE] = grant
        await self.app(scope, receive, send)


def _authorization(scope: Scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            text: str = value.decode("latin-1")
            return text
    return None


async def send_error(send: Send, exc: ApiError) -> None:
    """The refusal in the HTTP API's shape: ``{"error": {"code", "message"}}``."""
    body = json.dumps(exc.body()).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in exc.headers.items()),
    ]
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _setting(request: Any, header: str, query: str) -> str | None:
    value = request.headers.get(header)
    if value is not None:  # the ASGI server hands header bytes over as Latin-1
        try:
            value = value.encode("latin-1").decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ToolRefused("invalid", f"the {header} header is not UTF-8 text") from exc
    else:
        values = parse_qs(str(request.url.query)).get(query)
        value = values[0] if values else None
    return None if value is None else str(value)


async def caller_of_request(ctx: Context) -> Caller:
    """The caller of an HTTP request: its grant, narrowed by the client's settings."""
    request = ctx.request_context.request
    grant = getattr(getattr(request, "state", None), GRANT_STATE, None)
    if not isinstance(grant, Grant):
        raise ToolRefused("no_key", "this request carries no key")
    try:
        return Caller.of(
            grant,
            project=_setting(request, PROJECT_HEADER, "project"),
            user=_setting(request, USER_HEADER, "user"),
        )
    except ScopeUnnamed as exc:
        raise exc.naming(HTTP_FIX) from exc


def http_app(
    tools: MemoryTools,
    authenticate: Authenticate,
    *,
    path: str = "/mcp",
    host: str = "127.0.0.1",
    allowed_hosts: Sequence[str] = (),
    refused: Callable[[ApiError], None] | None = None,
    delivery: Delivery | None = None,
    scratch: Scratch | None = None,
) -> McpHttp:
    """memoryd's MCP server at ``path``, bound by bearer keys. Served on a loopback
    ``host``, requests must name a loopback ``Host`` (DNS rebinding protection) unless
    ``allowed_hosts`` lists others (``"memoryd.internal:*"``). ``refused`` is told of each
    request refused before the MCP layer (``memoryd serve`` counts them by code)."""
    server = build_mcp(tools, caller_of_request, delivery=delivery, scratch=scratch)
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

    return McpHttp(app=BearerGrant(starlette, authenticate, refused), lifespan=lifespan)
