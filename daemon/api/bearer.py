"""The dependency every ``/v1`` route takes: the request's key, resolved and rate-limited."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, Request
from redis.exceptions import RedisError

from daemon.access.grant import Grant
from daemon.access.keyring import Resolved, bearer_token
from daemon.access.policy import NO_AUTH
from daemon.access.refusals import ApiError
from daemon.api.request_context import ApiContext

#: The scheme the OpenAPI document declares for every ``/v1`` operation (added there by
#: :func:`daemon.api.application.openapi_document`, not by a security dependency: FastAPI would
#: solve one on every request, a tenth of a search's CPU). The header is read below, so
#: that each problem with it gets its own code.
BEARER_SCHEME = {
    "HTTPBearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "A key made by `memoryd keys create`.",
    }
}


def context(request: Request) -> ApiContext:
    ctx: ApiContext = request.app.state.ctx
    return ctx


#: The query parameters of each route, by its dependant (routes live as long as the app).
_KNOWN: dict[int, frozenset[str]] = {}


def _query_names(dependant: Any) -> Iterator[str]:
    """The query parameters a route's dependant and its sub-dependencies declare."""
    stack = [dependant]
    while stack:
        current = stack.pop()
        yield from (param.alias for param in current.query_params)
        stack.extend(current.dependencies)


def _check_parameters(request: Request) -> None:
    """Refuse a query parameter the route does not take (a misspelt filter would otherwise
    be ignored without a word)."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None or not request.query_params:
        return
    known = _KNOWN.get(id(dependant))
    if known is None:
        known = _KNOWN[id(dependant)] = frozenset(_query_names(dependant))
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        expected = ", ".join(sorted(known)) or "none"
        raise ApiError(
            422,
            "invalid_request",
            f"unknown query parameter {unknown[0]!r}; this route takes: {expected}",
        )


_LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def _hostname(authority: str) -> str | None:
    try:
        return urlsplit(f"//{authority}").hostname
    except ValueError:
        return None


def _local_only(request: Request, listening: str) -> None:
    """Under ``--no-auth``, refuse what a web page the machine's browser opened can send: a
    request from another origin, or (listening on loopback) one naming another host, as a
    page rebinding its DNS name to 127.0.0.1 does."""
    host = _hostname(request.headers.get("host", ""))
    local = listening in _LOOPBACK
    origin = request.headers.get("origin")
    trusted = _LOOPBACK if local else _LOOPBACK | {host}
    if (local and host not in _LOOPBACK) or (
        origin is not None and _hostname(origin.partition("://")[2]) not in trusted
    ):
        raise ApiError(
            403,
            "foreign_origin",
            "memoryd serve --no-auth answers local clients only, not web pages nor other "
            "host names; use a key (memoryd keys create) to serve others",
        )


async def grant_for(ctx: ApiContext, header: str | None, client: str | None) -> Grant:
    """The grant of an ``Authorization`` header, rate-limited: what every request of
    ``memoryd serve`` is bound by (the /v1 routes and the mounted MCP server alike).
    ``client`` is the caller's address, which bounds the unknown keys it may present."""
    if not ctx.auth:
        return NO_AUTH
    token = bearer_token(header)
    resolved = ctx.keyring.cached_resolution(token) or await _look_up(ctx, token, client)
    try:
        hit = await ctx.limiter.hit(resolved.grant.key_id)
    except (RedisError, OSError):
        # Redis down (or left alone for a cool-down after it failed: RedisResting): counted
        # in this process; a revocation reaches it when the key's cache entry expires
        # (MEMORYD_API__KEY_CACHE_S), as the store is read again then.
        hit = ctx.limiter.fallback.hit(resolved.grant.key_id)
        grant = resolved.grant
    else:
        # read before a revocation this round trip saw: read again (refused if it was this key)
        grant = await ctx.keyring.current(token, resolved, hit.epoch)
    if ctx.limiter.over(hit):
        raise ApiError(
            429,
            "rate_limited",
            f"over {ctx.limiter.limit} requests per {ctx.limiter.window_s} s for this key; "
            f"retry after {hit.retry_after_s} s",
            headers={"Retry-After": str(hit.retry_after_s)},
        )
    return grant


async def _look_up(ctx: ApiContext, token: str, client: str | None) -> Resolved:
    """The key read from the store; a key refused here is counted against ``client``. A
    client over its budget of failed keys has its keys read one at a time (each read costs
    the store), and a failure answered 429 rather than 401; a valid key is never refused."""
    name = f"failed-keys:{client or 'unknown'}"
    allowed = ctx.settings.api.key_failures_per_client
    try:
        failures = await ctx.limiter.peek(name)
    except (RedisError, OSError):  # Redis down: the failures counted in this process
        failures = ctx.limiter.fallback.peek(name)
    over = failures.count >= allowed
    try:
        if not over:
            return await ctx.keyring.fetch(token)
        async with ctx.keyring.suspect_lane:
            return await ctx.keyring.fetch(token)
    except ApiError:
        try:
            await ctx.limiter.hit(name)
        except (RedisError, OSError):
            ctx.limiter.fallback.hit(name)
        if not over:
            raise
    raise ApiError(
        429,
        "too_many_failed_keys",
        f"over {allowed} unknown or revoked keys from this address in "
        f"{ctx.limiter.window_s} s; check the key, and retry after "
        f"{failures.retry_after_s} s",
        headers={"Retry-After": str(failures.retry_after_s)},
    )


async def authorize(request: Request) -> Grant:
    ctx = context(request)
    if not ctx.auth:
        _local_only(request, ctx.settings.api.host)
        _check_parameters(request)
        return NO_AUTH
    client = request.client.host if request.client else None
    grant = await grant_for(ctx, request.headers.get("authorization"), client)
    request.state.key_id = grant.key_id
    _check_parameters(request)
    return grant


Authorized = Annotated[Grant, Depends(authorize)]
