"""The route hosts call most, ``POST /v1/events``, answered without the framework's routing,
dependency solving and exception middleware: about a third of the serving process's CPU for
a one-event request, measured under the publishing bench.

:class:`Shortcut` sits inside the metrics middleware (which times and counts it as the
route: ``scope["route"]`` is the route's own) and calls what the route calls, the key's
:func:`~daemon.api.bearer.authorize` and the endpoint, then answers a refusal with the
app's own exception handlers: the answers are the route's, byte for byte. Any other
request goes on to the app as before.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import cast

from fastapi import FastAPI, Request
from fastapi.routing import APIRoute
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from daemon.access.grant import Grant
from daemon.api.bearer import authorize

#: An endpoint answered by the shortcut: the request and its key's grant.
Endpoint = Callable[[Request, Grant], Awaitable[Response]]
#: An exception handler of the app, for an HTTP request.
Handler = Callable[[Request, Exception], Response | Awaitable[Response]]


class Shortcut:
    """ASGI middleware: a request for one of ``routes`` (by method and path) is answered by
    that route's endpoint directly, its key authorized first; others go on to ``app``."""

    def __init__(self, app: ASGIApp, *, routes: Sequence[tuple[APIRoute, Endpoint]]) -> None:
        self.app = app
        self.routes = {
            (method, route.path): (route, endpoint)
            for route, endpoint in routes
            for method in route.methods or ()
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = None
        if scope["type"] == "http":
            found = self.routes.get((scope["method"], scope["path"]))
        if found is None:
            await self.app(scope, receive, send)
            return
        route, endpoint = found
        scope["route"] = route  # what the metrics are labelled by and the query checked by
        request = Request(scope, receive)
        try:
            response = await endpoint(request, await authorize(request))
        except Exception as exc:
            handler = _handler(scope["app"], exc)
            if handler is None:  # the server's error middleware answers it, as for a route
                raise
            answered = handler(request, exc)
            response = await answered if inspect.isawaitable(answered) else answered
        await response(scope, receive, send)


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
