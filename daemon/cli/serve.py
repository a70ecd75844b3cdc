"""``memoryd serve``: the HTTP API (and ``memoryd openapi``, its document)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of

if TYPE_CHECKING:
    import uvicorn

    from daemon.api.connections import Bounds
    from daemon.base.settings import Settings

LOOPBACK = {"127.0.0.1", "::1", "localhost"}


async def _live_keys(settings: Settings) -> int:
    from daemon.cli.common import open_store
    from daemon.store.api_keys import live_keys

    async with open_store(settings) as store, store.connect() as conn:
        return await live_keys(conn)


def serve(
    ctx: typer.Context,
    host: Annotated[
        str | None,
        typer.Option(help="Address to listen on (default MEMORYD_API__HOST, 127.0.0.1)."),
    ] = None,
    port: Annotated[
        int | None,
        typer.Option(help="Port to listen on (default MEMORYD_API__PORT, 8080).", min=0, max=65535),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            help="Processes serving the port (default MEMORYD_API__WORKERS, 1); each one "
            "answers any request and holds its own store pool.",
            min=1,
            max=64,
        ),
    ] = None,
    no_auth: Annotated[
        bool,
        typer.Option(
            "--no-auth",
            help="Take every request without a key, as an administrator of every tenant. "
            "Only for a trusted machine; logged loudly.",
        ),
    ] = False,
) -> None:
    """Serve the HTTP API: publish turn events, recall, the main agent's memory tools, health
    and metrics (docs/api.md), and the MCP server at /mcp (docs/mcp.md).

    Every /v1 request carries `Authorization: Bearer <key>` (`memoryd keys create`). It
    listens on 127.0.0.1 unless told otherwise, and refuses another address while no key
    exists, unless --no-auth.
    """
    import uvicorn

    settings = _listening_on(settings_of(ctx), host, port)
    try:
        keys = run_async(_live_keys(settings))
    except MemorydError as exc:
        fail(str(exc))
    _guard(settings, keys, no_auth=no_auth)
    count = settings.api.workers if workers is None else workers
    if count == 1:
        uvicorn.Server(_server_config(settings, no_auth=no_auth)).run()
        return
    raise typer.Exit(_prefork(settings, count, no_auth=no_auth))


def _prefork(settings: Settings, count: int, *, no_auth: bool) -> int:
    """``count`` workers on one socket bound here (daemon.api.prefork); each builds its
    application after the fork."""
    import uvicorn

    from daemon.api.prefork import Supervisor

    sock = _server_config(settings, no_auth=no_auth, app=None).bind_socket()

    def serve(shared: Any) -> None:
        uvicorn.Server(_server_config(settings, no_auth=no_auth)).run(sockets=[shared])

    return Supervisor(count, sock, serve).run()


def _listening_on(settings: Settings, host: str | None, port: int | None) -> Settings:
    """The settings with the address the options chose (the configured one otherwise)."""
    host = host or settings.api.host
    port = settings.api.port if port is None else port
    return settings.model_copy(
        update={"api": settings.api.model_copy(update={"host": host, "port": port})}
    )


def _guard(settings: Settings, keys: int, *, no_auth: bool) -> None:
    """Refuse another address than the loopback while no key exists (unless --no-auth); say
    loudly when authentication is off or every request will be refused; log what is served."""
    import structlog

    log = structlog.get_logger("memoryd.api")
    host, port = settings.api.host, settings.api.port
    if no_auth:
        log.warning(
            "api.no_auth",
            message="AUTHENTICATION IS OFF: every request acts as an administrator of every "
            "tenant. Never expose this to a network you do not trust.",
            host=host,
        )
    elif host not in LOOPBACK and keys == 0:
        fail(
            f"refusing to listen on {host} while no key exists: create one with `memoryd keys "
            "create`, listen on 127.0.0.1, or pass --no-auth on a trusted network",
            code=2,
        )
    elif keys == 0:
        log.warning("api.no_keys", message="no key exists yet: every /v1 request is refused")
    log.info("api.serving", host=host, port=port, auth=not no_auth, keys=keys)


#: ``_server_config``'s default: build the application (None: a config that only binds).
_BUILD: Any = object()

#: Descriptors kept for what is not a client connection: the store's pool, Redis, logs.
RESERVED_DESCRIPTORS = 64


def _connection_bounds(settings: Settings, descriptors: int | None) -> Bounds:
    """The bounds on connections: the overall one held under the descriptor limit, the
    per-address one under a quarter of the overall one."""
    from daemon.api.connections import Bounds

    api = settings.api
    most = api.max_connections
    if descriptors is not None:
        spare = descriptors - RESERVED_DESCRIPTORS - settings.database_pool_size
        most = max(1, min(most, spare))
    return Bounds(
        max_header_bytes=api.max_header_bytes,
        header_timeout_s=api.header_timeout_s,
        body_timeout_s=api.body_timeout_s,
        max_connections=most,
        # one address never holds more than a quarter of what others need
        max_connections_per_client=max(1, min(api.max_connections_per_client, most // 4)),
        trusted_proxies=tuple(api.trusted_proxies),
    )


def _descriptor_limit() -> int | None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def _server_config(settings: Settings, *, no_auth: bool, app: Any = _BUILD) -> uvicorn.Config:
    """uvicorn's configuration: the API with the MCP server mounted, memoryd's logging only,
    on the bounded httptools protocol (daemon.api.connections); X-Forwarded-For is read from
    the trusted proxies only; no WebSocket (nothing memoryd serves takes one)."""
    import structlog
    import uvicorn

    from daemon.api import create_app
    from daemon.api.connections import bounded_protocol
    from daemon.api.mcp_mount import mcp_mount

    host, port = settings.api.host, settings.api.port
    bounds = _connection_bounds(settings, _descriptor_limit())
    if bounds.max_connections < settings.api.max_connections:
        structlog.get_logger("memoryd.api").warning(
            "api.connections_capped",
            message="the descriptor limit (ulimit -n) holds fewer connections than "
            "MEMORYD_API__MAX_CONNECTIONS; raise it (deploy/ sets 65536)",
            max_connections=bounds.max_connections,
        )
    proxies = list(settings.api.trusted_proxies)
    if app is _BUILD:
        mounts = {"/": mcp_mount(host)}
        app = create_app(settings, auth=not no_auth, mounts=mounts, freeze_heap=True)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=bounded_protocol(bounds),
        log_config=None,
        access_log=False,
        server_header=False,
        timeout_keep_alive=30,
        timeout_graceful_shutdown=10,
        ws="none",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
    )


def openapi(ctx: typer.Context) -> None:
    """Print the OpenAPI document of `memoryd serve` (the one it serves at /openapi.json)."""
    from daemon.api import create_app, openapi_document

    typer.echo(json.dumps(openapi_document(create_app(settings_of(ctx))), indent=2, sort_keys=True))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command()(serve)
    app.command()(openapi)
