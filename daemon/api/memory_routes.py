"""The main agent's memory tools over HTTP: save, update, forget, list and a memory's history
under ``/v1/memories`` (reading one is the recall route ``GET /v1/memories/{memory_id}``).
Listing takes ``as_of``: what the scope believed at that time.

Every route goes through the tools service (:class:`~daemon.tools.MemoryTools`): the same
guards as extraction, the history with the actor ``agent``, and the policy's roles (writing
needs ``agent`` or ``admin``; listing, any role that may recall). A refusal of the guards
is a 422 whose ``code`` is the guard's reason (``secret``, ``directive``, ``junk``,
``duplicate``, ``too_large``, ``taxonomy``, ``user_required``, ``empty``); another scope's
memory is a 404 like a missing one; a memory an operator pinned is a 409 ``pinned``. A
write naming ``session_id`` and ``turn`` keeps extraction off that turn.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from daemon.access.grant import Grant
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import MemoryOut, ScopeOut
from daemon.api.error_bodies import described
from daemon.api.event_intake import read_body
from daemon.api.routes import AsOf, Classes, Project, Tenant, Types, User, as_of_moment
from daemon.api.tools_port import memory_tools
from daemon.base.errors import ToolRefused
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.tools import Caller, TurnRef, Written

router = APIRouter(prefix="/v1", tags=["memory tools"])

_WRITE_ERRORS = described(400, 401, 403, 404, 413, 422, 429, 503, 504)
MemoryId = Annotated[
    str, Path(min_length=1, max_length=40, description="The memory's opaque id, as answered.")
]
MemoryType = Literal["project", "user", "decision"]
MemoryClass = Literal["priority", "durable", "working"]
_SESSION = Field(
    default=None,
    min_length=1,
    max_length=IDENTIFIER_MAX,
    pattern=IDENTIFIER_PATTERN,
    description="The host's session id: with `turn`, extraction skips that turn.",
)
_TURN = Field(
    default=None, ge=0, le=2**31 - 1, description="The turn of that session the call is made in."
)
_ZONE = Field(
    default=None,
    max_length=64,
    description="The host's time zone (an IANA name such as `America/Los_Angeles`, or an "
    "offset such as `+09:00`): relative dates are read in its local date when no stored turn "
    "gives one (else UTC).",
)


class SaveIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    type: MemoryType = Field(description="user: private to the user; project, decision: shared.")
    title: str = Field(max_length=4_000, description="A few words naming the fact.")
    content: str = Field(min_length=1, max_length=100_000, description="The fact, one per memory.")
    memory_class: MemoryClass = Field(default="durable", alias="class")
    session_id: str | None = _SESSION
    turn: int | None = _TURN
    timezone: str | None = _ZONE


class UpdateIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    title: str | None = Field(default=None, max_length=4_000)
    content: str | None = Field(default=None, min_length=1, max_length=100_000)
    memory_class: MemoryClass | None = Field(default=None, alias="class")
    session_id: str | None = _SESSION
    turn: int | None = _TURN
    timezone: str | None = _ZONE


class WriteOut(BaseModel):
    ok: Literal[True] = True
    id: str = Field(description="The memory's opaque id.")
    action: Literal["created", "held", "updated", "unchanged", "forgotten"] = Field(
        description="`held`: a directive to agents, seen only in the caller's scope until "
        "an operator approves it."
    )
    title: str
    review: Literal["pending"] | None = Field(
        default=None, description="`pending` when the memory waits for an operator's review."
    )
    dedup: Literal["checked", "deferred"] | None = Field(
        default=None,
        description="A save's near-duplicate check, with embeddings: `checked` at the save, "
        "`deferred` to the embedding job (the text could not be embedded now: the memory's "
        "history tells what became of it). Null on other writes and without embeddings.",
    )
    absorbed_by: str | None = Field(
        default=None,
        description="The opaque id of the memory of the scope that absorbed this save, as a "
        "near-duplicate (then `id` is that memory too, and `action` is `updated` when the "
        "save's text became its new version, `unchanged` when it added nothing).",
    )
    scope: ScopeOut

    @classmethod
    def of(cls, written: Written, caller: Caller) -> WriteOut:
        return cls.model_validate(
            {**written.as_dict(), "scope": ScopeOut.of(caller.scope).model_dump()}
        )


class ListOut(BaseModel):
    scope: ScopeOut
    memories: list[MemoryOut]


_Body = TypeVar("_Body", bound=BaseModel)


def _body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that reads its body itself (:func:`_body`)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


async def _body(request: Request, model: type[_Body]) -> _Body:
    """The JSON body as ``model``: read by the route itself, so that a body over
    ``MEMORYD_API__MAX_REQUEST_BYTES`` is refused (413) before it is read whole."""
    raw = await read_body(request, context(request).settings.api.max_request_bytes)
    try:
        return model.model_validate_json(raw)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        if errors and errors[0]["type"] == "json_invalid":
            raise ApiError(
                400, "malformed_body", f"the body is not one JSON object ({errors[0]['msg']})"
            ) from exc
        located = [{**e, "loc": ("body", *e["loc"])} for e in errors]
        raise RequestValidationError(located) from exc


def _caller(grant: Grant, project: str | None, user: str | None, tenant: str | None) -> Caller:
    try:
        return Caller.of(grant, project, user, tenant)
    except ToolRefused as exc:
        raise ApiError(422, "invalid_request", str(exc)) from exc


def _at(session_id: str | None, turn: int | None) -> TurnRef | None:
    try:
        return TurnRef.of(session_id, turn)
    except ToolRefused as exc:
        raise ApiError(422, "invalid_request", str(exc)) from exc


@router.post(
    "/memories",
    status_code=201,
    response_model=WriteOut,
    summary="Save a memory",
    description=(
        "The main agent saves a memory (role agent). It passes the guards extraction "
        "applies; a refusal is a 422 whose `code` is the guard's reason. A shared memory "
        "that tells agents what to do is `held` (`review`: `pending`): only the caller's "
        "scope sees it until an operator approves it. With `session_id` and `turn`, "
        "extraction skips that turn. With embeddings, a memory of the scope and type that "
        "means the same absorbs the save: `absorbed_by` names it."
    ),
    responses=_WRITE_ERRORS,
    openapi_extra=_body_schema(SaveIn),
)
async def save_memory(
    request: Request,
    grant: Authorized,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    body = await _body(request, SaveIn)
    caller = _caller(grant, project, user, tenant)
    at = _at(body.session_id, body.turn)
    tools = memory_tools(context(request))
    written = await tools.save(
        caller,
        type=body.type,
        title=body.title,
        content=body.content,
        memory_class=body.memory_class,
        at=at,
        timezone=body.timezone,
    )
    return WriteOut.of(written, caller)


@router.patch(
    "/memories/{memory_id}",
    response_model=WriteOut,
    summary="Update a memory",
    description=(
        "Change a memory's title, content or class (what is left out is kept), through "
        "the same guards as a save. `action` is `unchanged` when nothing changed."
    ),
    responses={**_WRITE_ERRORS, **described(409)},
    openapi_extra=_body_schema(UpdateIn),
)
async def update_memory(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    body = await _body(request, UpdateIn)
    caller = _caller(grant, project, user, tenant)
    at = _at(body.session_id, body.turn)
    tools = memory_tools(context(request))
    written = await tools.update(
        caller,
        memory_id,
        title=body.title,
        content=body.content,
        memory_class=body.memory_class,
        at=at,
        timezone=body.timezone,
    )
    return WriteOut.of(written, caller)


@router.delete(
    "/memories/{memory_id}",
    response_model=WriteOut,
    summary="Forget a memory",
    description=(
        "Tombstone a memory: it leaves recall at once; an operator can restore it while the "
        "tombstone is kept (`memoryd memories restore`)."
    ),
    responses={**_WRITE_ERRORS, **described(409)},
)
async def forget_memory(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    reason: Annotated[str, Query(max_length=2000, description="Why it is wrong.")] = "",
    session_id: Annotated[
        str | None,
        Query(min_length=1, max_length=IDENTIFIER_MAX, pattern=IDENTIFIER_PATTERN),
    ] = None,
    turn: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    caller = _caller(grant, project, user, tenant)
    at = _at(session_id, turn)
    tools = memory_tools(context(request))
    written = await tools.forget(caller, memory_id, reason=reason, at=at)
    return WriteOut.of(written, caller)


@router.get(
    "/memories",
    response_model=ListOut,
    response_model_by_alias=True,
    summary="List memories",
    description=(
        "The memories the scope sees: pinned first, then newest first. With `as_of`, the "
        "ones it believed at that time, as they read then (`updated_at`: when that content "
        "became true)."
    ),
    responses=described(400, 401, 403, 422, 429, 503, 504),
)
async def list_memories(
    request: Request,
    grant: Authorized,
    types: Types = None,
    classes: Classes = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    as_of: AsOf = None,
) -> ListOut:
    at = as_of_moment(as_of)
    caller = _caller(grant, project, user, tenant)
    tools = memory_tools(context(request))
    found = await tools.list(
        caller, types=types or (), classes=classes or (), limit=limit, as_of=at
    )
    ids = await tools.ids()
    return ListOut(
        scope=ScopeOut.of(caller.scope),
        memories=[MemoryOut.of(m, caller.scope.user, ids) for m in found],
    )


class EndedOut(BaseModel):
    action: str = Field(description="What ended it: `update`, `restore`, `delete`, `purge`…")
    actor: str | None = Field(description="Who: `run`, `agent`, `operator`, `maintenance`.")
    actor_id: str | None = Field(description="Which one: a run id, a key id, a login.")
    reason: str | None


class VersionOut(MemoryOut):
    valid_from: datetime = Field(description="Since when it said this.")
    valid_to: datetime | None = Field(description="Until when (exclusive); null: still true.")
    current: bool = Field(description="The memory as it is now (live).")
    superseded_by: str | None = Field(
        description="The memory that replaced it (itself for an update; the kept one of a "
        "merge); null for the current content or one removed."
    )
    ended_by: EndedOut | None


class ChangeOut(BaseModel):
    at: datetime
    action: str
    actor: str
    actor_id: str | None
    reason: str | None


class HistoryOut(BaseModel):
    scope: ScopeOut
    id: str = Field(description="The memory's opaque id.")
    versions: list[VersionOut] = Field(description="Each content it had, oldest first.")
    changes: list[ChangeOut] = Field(description="Its recorded changes: who, what, why, when.")
    hidden: int = Field(
        description="Versions left out because their integrity tag does not hold (logged)."
    )


@router.get(
    "/memories/{memory_id}/history",
    response_model=HistoryOut,
    response_model_by_alias=True,
    summary="A memory's history",
    description=(
        "How a memory changed: each content it had with when it was true (`valid_from`, "
        "`valid_to`), what replaced it and who ended it and why, and the changes recorded "
        "(who, what, why, when). A memory of another scope is a 404 like a missing one; a "
        "version whose integrity does not hold is left out and counted in `hidden`."
    ),
    responses=described(401, 403, 404, 422, 429, 503, 504),
)
async def memory_history(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> HistoryOut:
    caller = _caller(grant, project, user, tenant)
    found = await memory_tools(context(request)).history(caller, memory_id)
    return HistoryOut.model_validate({**found, "scope": ScopeOut.of(caller.scope).model_dump()})
