"""Errors of the HTTP API: one JSON shape, a stable ``code`` and a message saying what to fix.

::

    {"error": {"code": "scope_outside_key", "message": "project 'x' is outside this key ..."}}

The codes are part of the API (docs/api.md lists them); messages may improve. The error
raised is :class:`daemon.access.refusals.ApiError` (the MCP transports answer with it too);
this module holds the body's shape and the statuses' OpenAPI descriptions.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from daemon.access.refusals import ApiError

#: The seconds an outage's 503 asks a client to wait before retrying (``Retry-After``).
RETRY_AFTER_S = 5


class ErrorDetail(BaseModel):
    code: str = Field(description="Stable, machine-readable reason.")
    message: str = Field(description="What went wrong and what to do about it.")
    memory: str | None = Field(
        default=None,
        description="The id of the memory a refusal is about (one that already says it).",
    )


class ErrorBody(BaseModel):
    error: ErrorDetail


def described(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` entries of error statuses a route may answer."""
    text = {
        400: "The request is malformed.",
        401: "No key, or a key that is unknown or revoked.",
        403: "The key's role or scope does not allow this.",
        404: "Nothing of that id in the key's scope.",
        409: "The memory is pinned by an operator: it stays as it is.",
        413: "The request body is over the size limit.",
        422: "A parameter or the body is invalid.",
        429: "Over the key's rate limit: retry after Retry-After seconds.",
        503: (
            "A backend is not answering (`store_unavailable`: the SQL store; "
            "`queue_unavailable`: Redis, for publishing): retry after Retry-After seconds."
        ),
        504: "The request took longer than the time limit.",
    }
    return {s: {"model": ErrorBody, "description": text[s]} for s in statuses}


def store_unavailable() -> ApiError:
    """The SQL store is down: every route needs it (for the key, if nothing else)."""
    return ApiError(
        503,
        "store_unavailable",
        f"the store is not answering; retry after {RETRY_AFTER_S} s",
        headers={"Retry-After": str(RETRY_AFTER_S)},
    )


def queue_unavailable() -> ApiError:
    """Redis is down: only publishing needs it (reads go on with in-process bounds)."""
    return ApiError(
        503,
        "queue_unavailable",
        f"Redis is not answering, so events cannot be queued; retry after {RETRY_AFTER_S} s",
        headers={"Retry-After": str(RETRY_AFTER_S)},
    )
