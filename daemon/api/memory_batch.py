"""``POST /v1/memory-batches``: several memories saved in one request (imports, agents that
save a few facts at once), each judged alone as events are.

Each item is the body of ``POST /v1/memories`` and goes through the same guards in its own
transaction: one refused (a secret, a duplicate, a malformed item) takes none of the others.
The answer lists every item in its order with its outcome: saved (``id``, ``action``) or
refused (``error.code``: the guard's reason, or ``invalid_request``). 201 when every item
was saved; 422 with ``error.code`` ``memories_refused`` when some were refused (the others
were still saved). More items than ``MEMORYD_API__MAX_MEMORIES_PER_BATCH`` is a 413
``too_many_memories`` before any is saved, and the body is held to
``MEMORYD_API__MAX_REQUEST_BYTES`` like every body.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, ValidationError

from daemon.access.policy import Action, require
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import ScopeOut
from daemon.api.error_bodies import ErrorDetail, described
from daemon.api.event_intake import body_of
from daemon.api.memory_routes import SaveIn, caller_of
from daemon.api.routes import Project, Tenant, User
from daemon.api.tools_port import memory_tools
from daemon.base.redaction import redact
from daemon.tools import REFUSALS, Caller, MemoryTools, TurnRef, code_of

router = APIRouter(prefix="/v1", tags=["memory tools"])


class BatchIn(BaseModel):
    memories: list[Any] = Field(
        min_length=1, description="Each one the body of `POST /v1/memories`, judged alone."
    )


class ItemOut(BaseModel):
    index: int = Field(description="Its place in `memories`, from 0.")
    ok: bool
    id: str | None = Field(default=None, description="The memory's opaque id, when saved.")
    action: Literal["created", "held"] | None = None
    title: str | None = None
    review: Literal["pending"] | None = None
    error: ErrorDetail | None = Field(default=None, description="Why it was refused.")


class BatchOut(BaseModel):
    error: ErrorDetail | None = Field(
        default=None, description="Set (code memories_refused) when some items were refused."
    )
    scope: ScopeOut
    saved: int
    refused: int
    results: list[ItemOut] = Field(description="Every item in its order.")


async def _one(tools: MemoryTools, caller: Caller, index: int, raw: Any) -> ItemOut:
    try:
        item = SaveIn.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        message = redact(f"{where}: {first['msg']}" if where else first["msg"])[0]
        return ItemOut(
            index=index, ok=False, error=ErrorDetail(code="invalid_request", message=message)
        )
    try:
        written = await tools.save(
            caller,
            type=item.type,
            title=item.title,
            content=item.content,
            memory_class=item.memory_class,
            at=TurnRef.of(item.session_id, item.turn),
            timezone=item.timezone,
            metadata=item.metadata,
        )
    except REFUSALS as exc:
        detail = ErrorDetail(code=code_of(exc), message=redact(str(exc))[0])
        return ItemOut(index=index, ok=False, error=detail)
    return ItemOut.model_validate({"index": index, **written.as_dict()})


@router.post(
    "/memory-batches",
    status_code=201,
    response_model=BatchOut,
    summary="Save several memories",
    description=(
        "Each item is a `POST /v1/memories` body, judged alone in its own transaction: one "
        "refused takes none of the others. 201 when all were saved; 422 (`memories_refused`) "
        "naming each refused item, the others saved; 413 `too_many_memories` past "
        "`MEMORYD_API__MAX_MEMORIES_PER_BATCH` items (none saved)."
    ),
    responses={
        **described(400, 401, 403, 413, 429, 503, 504),
        422: {
            "description": "Some items refused, the rest saved (`memories_refused`); or the "
            "request itself is invalid (an error body).",
            "content": {
                "application/json": {
                    "schema": {
                        "anyOf": [
                            {"$ref": "#/components/schemas/BatchOut"},
                            {"$ref": "#/components/schemas/ErrorBody"},
                        ]
                    }
                }
            },
        },
    },
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["memories"],
                        "additionalProperties": False,
                        "properties": {
                            "memories": {
                                "type": "array",
                                "minItems": 1,
                                "items": SaveIn.model_json_schema(),
                            }
                        },
                    }
                }
            },
        }
    },
)
async def save_batch(
    request: Request,
    grant: Authorized,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> JSONResponse:
    require(grant, Action.WRITE)
    ctx = context(request)
    body = await body_of(request, BatchIn)
    cap = ctx.settings.api.max_memories_per_batch
    if len(body.memories) > cap:
        raise ApiError(
            413,
            "too_many_memories",
            f"the batch holds {len(body.memories):,} memories, over the limit of {cap:,}; "
            "send them in several requests",
        )
    caller = caller_of(grant, project, user, tenant)
    tools = memory_tools(ctx)
    results = [await _one(tools, caller, i, raw) for i, raw in enumerate(body.memories)]
    refused = sum(not r.ok for r in results)
    for result in results:
        if result.error is not None:
            ctx.metrics.refusals.labels(result.error.code).inc()
    error = None
    if refused:
        message = f"{refused} of {len(results)} memories refused (see `results`)"
        error = ErrorDetail(code="memories_refused", message=message)
    out = BatchOut(
        error=error,
        scope=ScopeOut.of(caller.scope),
        saved=len(results) - refused,
        refused=refused,
        results=results,
    )
    return JSONResponse(out.model_dump(mode="json"), 422 if refused else 201)
