"""The ASGI application of ``memoryd serve``: FastAPI, because it validates with the same
pydantic models as the rest of memoryd and writes the OpenAPI document from them.

:func:`create_app` takes the settings (built at the edge) and opens Redis and the store in
its lifespan. ``mounts`` adds other front doors after the API's own routes: each maps a
path to a :data:`MountFactory`, called once the context is open (its store, its keyring),
whose app is served under that path and whose lifespan, if any, runs inside the API's. The
MCP server's streamable HTTP transport is mounted this way::

    create_app(settings, mounts={"/": mcp_mount(host)})   # MCP at /mcp, after the /v1 routes

(:mod:`daemon.api.mcp_mount`).
"""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import structlog
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from redis.exceptions import RedisError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.access.keyring import Keyring
from daemon.access.policy import Refused, ScopeUnnamed
from daemon.access.rate_limits import RateLimiter
from daemon.access.refusals import ApiError
from daemon.api.admin_routes import router as admin_router
from daemon.api.bearer import BEARER_SCHEME
from daemon.api.bodies import Finding, Health, Readiness
from daemon.api.context_routes import router as context_router
from daemon.api.delivery_routes import router as delivery_router
from daemon.api.error_bodies import described, queue_unavailable, store_unavailable
from daemon.api.input_defaults import describe_input_defaults
from daemon.api.memory_batch import router as batch_router
from daemon.api.memory_routes import router as memory_router
from daemon.api.metrics import ApiMetrics, Instrumented
from daemon.api.operation_ids import operation_id
from daemon.api.recall_port import RecallPort
from daemon.api.request_context import ApiContext
from daemon.api.review_routes import router as review_router
from daemon.api.routes import (
    INJECTION_PLAIN,
    SEARCH_PLAIN,
    injection,
    post_events,
    router,
    search,
)
from daemon.api.scratch_routes import router as scratch_router
from daemon.api.shortcuts import Shortcut, Taken
from daemon.api.summary_routes import router as summary_router
from daemon.api.usage_routes import router as usage_router
from daemon.api.user_routes import router as user_router
from daemon.app.container import open_container
from daemon.base.clock import Clock, SystemClock
from daemon.base.errors import (
    QueueError,
    StatementFailed,
    StoreUnavailable,
    ToolRefused,
    describe,
)
from daemon.base.pages import BadCursor
from daemon.base.redaction import redact
from daemon.base.settings import Settings
from daemon.embeddings import describe as describe_embeddings
from daemon.events.appends import Appends
from daemon.events.models import TurnEvent
from daemon.health.gather import gather_status
from daemon.health.readiness import process_readiness
from daemon.health.report import Level, Status

log = structlog.get_logger("memoryd.api")

API_VERSION = "1"
#: What a browser page of an allowed origin may send (``MEMORYD_API__CORS_ORIGINS``).
CORS_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
CORS_HEADERS = ["Authorization", "Content-Type", "X-Memoryd-Project", "X-Memoryd-User"]
TITLE = "memoryd"
DESCRIPTION = (
    "Publish turn events and recall memories over HTTP. Every /v1 route takes "
    "`Authorization: Bearer <key>` (memoryd keys create): the key decides the tenant and "
    "bounds the projects and the user a request may name. Errors are JSON with a stable "
    "`code`: see docs/api.md."
)


@dataclass(frozen=True, slots=True)
class Mounted:
    """Another front door served by ``memoryd serve``: its app, and its lifespan if any."""

    app: ASGIApp
    lifespan: Callable[[], AbstractAsyncContextManager[None]] | None = None


MountFactory = Callable[[ApiContext], Mounted]


class _Deferred:
    """A mount whose app is made in the lifespan, once the context is open."""

    def __init__(self) -> None:
        self.app: ASGIApp | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.app is None:
            raise RuntimeError("the mounted app is made when memoryd serve starts")
        await self.app(scope, receive, send)


async def open_context(
    settings: Settings, *, auth: bool, metrics: ApiMetrics, clock: Clock | None = None
) -> ApiContext:
    """Open Redis and the store (refusing an out-of-date schema) and build the context."""
    container = await open_container(settings, clock=clock)
    container.announce_at_rest()
    metrics.queries.source = lambda: container.query_stats
    metrics.searches.source = lambda: container.search_stats
    clock, keys, api = container.clock, container.keys, settings.api
    return ApiContext(
        container=container,
        keyring=Keyring(container.store, clock, cache_s=api.key_cache_s),
        limiter=RateLimiter(
            container.redis, keys, clock, limit=api.rate_limit, window_s=api.rate_window_s
        ),
        appends=Appends(container.redis, keys),
        recall=RecallPort(container.recall()),
        metrics=metrics,
        auth=auth,
    )


async def close_context(ctx: ApiContext) -> None:
    await ctx.recall.aclose()
    await ctx.container.close()


#: The memory tools' refusals answered with another status than 422.
_TOOL_STATUS = {"not_found": 404, "pinned": 409, "not_forgotten": 409, "invalid_cursor": 400}


def _error(ctx: ApiContext | None, exc: ApiError) -> JSONResponse:
    if ctx is not None:
        ctx.metrics.refusals.labels(exc.code).inc()
    return JSONResponse(exc.body(), exc.status, headers=exc.headers)


def _handlers(app: FastAPI) -> None:
    def ctx_of(request: Request) -> ApiContext | None:
        return getattr(request.app.state, "ctx", None)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(ctx_of(request), exc)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        return _error(ctx_of(request), ApiError(403, exc.code, str(exc)))

    @app.exception_handler(ToolRefused)
    async def tool_refused(request: Request, exc: ToolRefused) -> JSONResponse:
        """A memory tool's refusal: its code, 422 unless the code names another status."""
        status = _TOOL_STATUS.get(exc.code, 422)
        return _error(ctx_of(request), ApiError(status, exc.code, str(exc), memory=exc.memory))

    @app.exception_handler(BadCursor)
    async def bad_cursor(request: Request, exc: BadCursor) -> JSONResponse:
        return _error(ctx_of(request), ApiError(400, "invalid_cursor", exc.explained()))

    @app.exception_handler(ScopeUnnamed)
    async def unnamed(request: Request, exc: ScopeUnnamed) -> JSONResponse:
        return _error(ctx_of(request), ApiError(422, exc.code, str(exc)))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(part) for part in first.get("loc", ()))
        more = f" (and {len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
        message = f"{where}: {first.get('msg', 'invalid')}{more}"
        # A field's name or a literal's echo may carry what the host sent: never a secret.
        return _error(ctx_of(request), ApiError(422, "invalid_request", redact(message)[0]))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        codes = {404: "not_found", 405: "method_not_allowed"}
        code = codes.get(exc.status_code, "bad_request")
        message = {
            404: "no such route: see /openapi.json",
            405: f"{request.method} is not allowed here: see /openapi.json",
        }.get(exc.status_code, str(exc.detail))
        headers = dict(exc.headers or {})  # a 405 keeps its Allow header
        return _error(ctx_of(request), ApiError(exc.status_code, code, message, headers=headers))

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> JSONResponse:
        outage = _outage(exc)
        if outage is not None:  # raised inside a task group, or chained
            log.warning("api.outage", error=describe(exc), code=outage.code)
            return _error(ctx_of(request), outage)
        log.error("api.unexpected", error=type(exc).__name__)
        return _error(ctx_of(request), ApiError(500, "internal", "memoryd failed; see its log"))

    @app.exception_handler(StatementFailed)
    async def store_failed(request: Request, exc: StatementFailed) -> JSONResponse:
        if isinstance(exc, StoreUnavailable):
            log.warning("api.store_unavailable", error=describe(exc))
            return _error(ctx_of(request), store_unavailable())
        log.error("api.store_error", error=describe(exc))
        return _error(ctx_of(request), ApiError(500, "internal", "memoryd failed; see its log"))


def _outage(exc: BaseException) -> ApiError | None:
    """The 503 an unexpected exception stands for: the store's outage or Redis's, found in
    an exception group or the chain of causes; None for anything else."""
    seen: list[BaseException] = [exc]
    while seen:
        current = seen.pop()
        if isinstance(current, StoreUnavailable):
            return store_unavailable()
        if isinstance(current, QueueError | RedisError):
            return queue_unavailable()
        if isinstance(current, BaseExceptionGroup):
            seen.extend(current.exceptions)
        if current.__cause__ is not None:
            seen.append(current.__cause__)
    return None


def _verdict(level: Level, findings: list[Any], embeddings: str) -> JSONResponse:
    """A readiness answer: 503 when ``level`` is down; findings' messages only (no key is
    asked: they name no tenant and no backend's error), and the embeddings searches rank
    by."""
    body = Readiness(
        ready=level < Level.DOWN,
        level=level.name.lower(),
        findings=[
            Finding(level=f.level.name.lower(), check=f.check, message=f.message) for f in findings
        ],
        embeddings=embeddings,
    )
    return JSONResponse(body.model_dump(), 200 if body.ready else 503)


T = TypeVar("T")


class _OncePerSecond(Generic[T]):
    """The last answer of a probe, asked again at most once a second: a probe storm from
    load balancers and monitors costs the backends one probe a second per process."""

    def __init__(self) -> None:
        self._until = 0.0
        self._answer: T | None = None

    async def __call__(self, probe: Callable[[], Awaitable[T]]) -> T:
        now = time.monotonic()
        if self._answer is None or self._until < now:
            self._answer = await probe()
            self._until = now + 1.0
        return self._answer


def _health_routes(app: FastAPI) -> None:
    ready: _OncePerSecond[tuple[Level, list[Any]]] = _OncePerSecond()
    system: _OncePerSecond[Status] = _OncePerSecond()

    @app.get("/healthz", response_model=Health, tags=["health"], summary="Alive")
    async def healthz() -> Health:
        return Health(status="ok")

    @app.get(
        "/readyz",
        response_model=Readiness,
        tags=["health"],
        summary="Ready: this process can serve",
        description=(
            "Whether a load balancer should send this process requests: 503 when its store "
            "does not answer; `degraded` (200) when only Redis does not (publishing answers "
            "503, recall serves). The whole system's verdict is `/statusz`."
        ),
        responses={503: {"model": Readiness, "description": "The store does not answer."}},
    )
    async def readyz(request: Request) -> JSONResponse:
        ctx: ApiContext = request.app.state.ctx
        level, findings = await ready(lambda: process_readiness(ctx.container, timeout_s=2.0))
        return _verdict(level, findings, describe_embeddings(ctx.container.settings))

    @app.get(
        "/statusz",
        response_model=Readiness,
        tags=["health"],
        summary="The `memoryd status` verdict",
        description=(
            "The whole system's verdict (workers, backlog, dead letters, the backends): 503 "
            "when `memoryd status` says down. For monitoring, not for a load balancer "
            "(`/readyz`)."
        ),
        responses={503: {"model": Readiness, "description": "memoryd status says down."}},
    )
    async def statusz(request: Request) -> JSONResponse:
        ctx: ApiContext = request.app.state.ctx
        status = await system(lambda: gather_status(ctx.container, timeout_s=3.0))
        return _verdict(status.level, status.findings, status.embeddings)

    @app.get(
        "/metrics",
        tags=["health"],
        summary="Prometheus metrics",
        response_class=Response,
        responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
    )
    async def metrics(request: Request) -> Response:
        ctx: ApiContext = request.app.state.ctx
        return Response(ctx.metrics.exposition(), media_type="text/plain; version=0.0.4")


def openapi_document(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI document, with the turn event's JSON Schema among its components."""
    if app.openapi_schema:
        return app.openapi_schema
    document = get_openapi(
        title=TITLE,
        version=API_VERSION,
        description=DESCRIPTION,
        routes=app.routes,
    )
    event = TurnEvent.model_json_schema(ref_template="#/components/schemas/{model}")
    components = document.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas.update(event.pop("$defs", {}))
    schemas["TurnEvent"] = event
    components["securitySchemes"] = BEARER_SCHEME
    for path, operations in document["paths"].items():
        if path.startswith("/v1/"):
            for operation in operations.values():
                operation["security"] = [{name: []} for name in BEARER_SCHEME]
    describe_input_defaults(document)
    app.openapi_schema = document
    return document


def _freeze_heap() -> None:
    """Move what start-up made (modules, models, schemas, routes: some 250,000 objects) out
    of the collector's reach: each full collection walked all of it again (from 40 to over
    100 ms of CPU each, measured under the publishing bench), where the objects requests
    make are a few thousand. Garbage is collected first, so that none is kept for ever."""
    gc.collect()
    gc.freeze()


def _route_of(router: APIRouter, endpoint: Callable[..., Any]) -> APIRoute:
    return next(r for r in router.routes if isinstance(r, APIRoute) and r.endpoint is endpoint)


def create_app(
    settings: Settings,
    *,
    auth: bool = True,
    clock: Clock | None = None,
    mounts: Mapping[str, MountFactory] | None = None,
    freeze_heap: bool = False,
) -> FastAPI:
    """The application; Redis and the store are opened when it starts and closed at stop.
    ``freeze_heap``: once started, what the process holds is left out of the garbage
    collector's full passes (:func:`_freeze_heap`; a serving process's own choice)."""
    clock = clock or SystemClock()
    metrics = ApiMetrics()
    deferred = {path: (factory, _Deferred()) for path, factory in (mounts or {}).items()}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        ctx = await open_context(settings, auth=auth, metrics=metrics, clock=clock)
        app.state.ctx = ctx
        try:
            async with AsyncExitStack() as stack:
                for factory, slot in deferred.values():
                    mounted = factory(ctx)
                    if mounted.lifespan is not None:
                        await stack.enter_async_context(mounted.lifespan())
                    slot.app = mounted.app
                if freeze_heap:
                    _freeze_heap()
                yield
        finally:
            await close_context(ctx)

    app = FastAPI(
        title=TITLE,
        version=API_VERSION,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        responses=described(504),
        generate_unique_id_function=operation_id,
    )
    app.include_router(router)
    app.include_router(batch_router)
    app.include_router(memory_router)
    app.include_router(review_router)
    app.include_router(admin_router)
    app.include_router(usage_router)
    app.include_router(user_router)
    app.include_router(scratch_router)  # before /v1/sessions/{session_id:path}
    app.include_router(summary_router)  # before /v1/sessions/{session_id:path} too
    app.include_router(delivery_router)
    app.include_router(context_router)
    _health_routes(app)
    _handlers(app)
    # inside Instrumented: the shortcut's answers are timed and counted as the route's
    taken = [
        Taken(_route_of(router, post_events), post_events),
        Taken(_route_of(router, search), search, SEARCH_PLAIN),
        Taken(_route_of(router, injection), injection, INJECTION_PLAIN),
    ]
    app.add_middleware(Shortcut, routes=taken)
    app.add_middleware(
        Instrumented, metrics=metrics, clock=clock, timeout_s=settings.api.request_timeout_s
    )
    if settings.api.cors_origins:  # outermost: refusals and errors carry the headers too
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.api.cors_origins,
            allow_methods=CORS_METHODS,
            allow_headers=CORS_HEADERS,
            expose_headers=["Retry-After"],
            max_age=600,
        )
    app.openapi = lambda: openapi_document(app)  # type: ignore[method-assign]
    for path, (_, slot) in deferred.items():  # after the API's routes: they match first
        app.mount(path, slot)
    return app
