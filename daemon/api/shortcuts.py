"""The routes hosts call most, answered without the framework's routing, dependency solving
and exception middleware: ``POST /v1/events`` (about a third of the serving process's CPU
for a one-event request, measured under the publishing bench), and the recall search and
injection block when their query string is plain (:mod:`.plain_query`; any other is left to
the framework, whose answer is the route's own).

:class:`Shortcut` sits inside the metrics middleware (which times and counts it as the
route: ``scope["route"]`` is the route's own) and calls what the route calls, the key's
:func:`~daemon.api.bearer.authorize` and the endpoint, then answers a refusal with the
app's own exception handlers: the answers are the route's, byte for byte. Any other
request goes on to the app as before.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from fastapi import FastAPI, Request
from fastapi.routing import APIRoute
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.api.bearer import authorize
from daemon.api.plain_query import PlainQuery

#: An endpoint answered by the shortcut: called with the request, its key's grant and the
#: arguments read from a plain query string.
Endpoint = Callable[..., Awaitable[Response]]
#: An exception handler of the app, for an HTTP request.
Handler = Callable[[Request, Exception], Response | Awaitable[Response]]


@dataclass(frozen=True, slots=True)
class Taken:
    """A route the shortcut answers: its endpoint, and the plain query strings it takes
    (None: any, the endpoint reads no query argument; the key's check refuses unknown
    ones as the route does)."""

    route: APIRoute
    endpoint: Endpoint
    plain: PlainQuery | None = None


class Shortcut:
    """ASGI middleware: a request for one of ``routes`` (by method and path) with a plain
    query string is answered by that route's endpoint directly, its key authorized first;
    others go on to ``app``."""

    def __init__(self, app: ASGIApp, *, routes: Sequence[Taken]) -> None:
        self.app = app
        self.routes = {
            (method, taken.route.path): taken
            for taken in routes
            for method in taken.route.methods or ()
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self._plain(scope, receive)
        if found is None:
            await self.app(scope, receive, send)
            return
        taken, request, arguments = found
        scope["route"] = taken.route  # what the metrics are labelled by and the query checked by
        try:
            response = await taken.endpoint(request, await authorize(request), **arguments)
        except Exception as exc:
            handler = _handler(scope["app"], exc)
            if handler is None:  # the server's error middleware answers it, as for a route
                raise
            answered = handler(request, exc)
            response = await answered if inspect.isawaitable(answered) else answered
        await response(scope, receive, send)

    def _plain(
        self, scope: Scope, receive: Receive
    ) -> tuple[Taken, Request, dict[str, Any]] | None:
        """The route, request and endpoint arguments of a request the shortcut answers."""
        if scope["type"] != "http":
            return None
        taken = self.routes.get((scope["method"], scope["path"]))
        if taken is None:
            return None
        request = Request(scope, receive)
        arguments = {} if taken.plain is None else taken.plain.arguments(request)
        return None if arguments is None else (taken, request, arguments)


def _handler(app: FastAPI, exc: Exception) -> Handler | None:
    """The app's handler of ``exc`` as its exception middleware finds it (by the exception's
    classes, nearest first); None for one only the catch-all ``Exception`` handles."""
    for kind in type(exc).__mro__:
        if kind is Exception:
            return None
        handler = app.exception_handlers.get(kind)
        if handler is not None:
            return cast(Handler, handler)
    return None
