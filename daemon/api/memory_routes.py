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
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    field_validator,
)

from daemon.access.grant import Grant
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import MemoryOut, ScopeOut
from daemon.api.error_bodies import described
from daemon.api.event_intake import body_of, body_schema
from daemon.api.routes import AsOf, Classes, Project, Tenant, Types, User, as_of_moment
from daemon.api.search_params import MetadataParam, metadata_pairs
from daemon.api.tools_port import memory_tools
from daemon.base import pages
from daemon.base.errors import ToolRefused
from daemon.base.moments import PATTERN as MOMENT_PATTERN
from daemon.base.moments import moment
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.gate.metadata import (
    MAX_INTEGER,
    MAX_KEYS,
    MAX_VALUE_CHARS,
    BadMetadata,
    Scalar,
    checked,
)
from daemon.store.memory import Narrowing
from daemon.tools import Caller, TurnRef, Written
from daemon.tools.memory_pages import history_page, memory_page

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
#: A metadata object as a body holds it (its rules: :mod:`daemon.gate.metadata`).
MetadataIn = dict[
    str,
    Annotated[StrictStr, Field(max_length=MAX_VALUE_CHARS)]
    | StrictBool
    | Annotated[StrictInt, Field(ge=-MAX_INTEGER, le=MAX_INTEGER)]
    | Annotated[StrictFloat, Field(allow_inf_nan=False)]
    | None,
]
#: What a metadata object's schema says beyond its values' types.
_METADATA_SCHEMA: dict[str, Any] = {
    "maxProperties": MAX_KEYS,
    "propertyNames": {"pattern": "^[A-Za-z0-9_.-]{1,64}$"},
}


def _checked_metadata(value: dict[str, Scalar] | None) -> dict[str, Scalar] | None:
    """A body's metadata through the gate's rules (None left as it is), or the reason as
    the ``ValueError`` a model's validator raises."""
    try:
        return None if value is None else checked(value)
    except BadMetadata as exc:
        raise ValueError(str(exc)) from None


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
    metadata: MetadataIn | None = Field(
        default=None,
        description="Free-form metadata to find the memory by (`GET /v1/memories?metadata=` "
        "`key:value`): at most 16 keys of 1 to 64 letters, digits, `_`, `.` or `-`, each "
        "value a string (at most 256 characters), a number, a boolean or null. A value "
        "holding a credential is refused (422 `secret`) like content. Never shown in the "
        "injection block.",
        json_schema_extra=_METADATA_SCHEMA,
    )

    @field_validator("metadata")
    @classmethod
    def _metadata(cls, value: dict[str, Scalar] | None) -> dict[str, Scalar] | None:
        return _checked_metadata(value) or {}  # null reads as none, as left out


class UpdateIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    title: str | None = Field(default=None, max_length=4_000)
    content: str | None = Field(default=None, min_length=1, max_length=100_000)
    memory_class: MemoryClass | None = Field(default=None, alias="class")
    session_id: str | None = _SESSION
    turn: int | None = _TURN
    timezone: str | None = _ZONE
    metadata: MetadataIn | None = Field(
        default=None,
        description="The memory's new metadata, replacing the whole object (`{}` clears "
        "it; left out or null, it is kept): the rules of a save's `metadata` (a value "
        "holding a credential is a 422 `secret`, and nothing changes).",
        json_schema_extra=_METADATA_SCHEMA,
    )

    @field_validator("metadata")
    @classmethod
    def _metadata(cls, value: dict[str, Scalar] | None) -> dict[str, Scalar] | None:
        return _checked_metadata(value)


class WriteOut(BaseModel):
    ok: Literal[True] = True
    id: str = Field(description="The memory's opaque id.")
    action: Literal["created", "held", "updated", "unchanged", "forgotten", "restored"] = Field(
        description="`held`: a directive to agents, seen only in the caller's scope until "
        "an operator approves it."
    )
    title: str
    review: Literal["pending"] | None = Field(
        default=None, description="`pending` when the memory waits for an operator's review."
    )
    dedup: Literal["checked", "deferred"] | None = Field(
        default=None,
        description="A save's (or a rewrite of a title or content's) near-duplicate check, "
        "with embeddings: `checked` at the write, `deferred` to the embedding job (the text "
        "could not be embedded now: the memory's history tells what became of it). Null on "
        "other writes and without embeddings.",
    )
    absorbed_by: str | None = Field(
        default=None,
        description="The opaque id of the memory of the scope that absorbed this save (or "
        "the memory this update rewrote, which is then a tombstone), as a near-duplicate "
        "(then `id` is that memory too, and `action` is `updated` when the written text "
        "became its new version, `unchanged` when it added nothing).",
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
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page."
    )


def caller_of(grant: Grant, project: str | None, user: str | None, tenant: str | None) -> Caller:
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
    openapi_extra=body_schema(SaveIn),
)
async def save_memory(
    request: Request,
    grant: Authorized,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    body = await body_of(request, SaveIn)
    caller = caller_of(grant, project, user, tenant)
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
        metadata=body.metadata,
    )
    return WriteOut.of(written, caller)


@router.patch(
    "/memories/{memory_id}",
    response_model=WriteOut,
    summary="Update a memory",
    description=(
        "Change a memory's title, content, class or metadata (what is left out is kept; "
        "`metadata` replaces the whole object, `{}` clearing it), through the same guards "
        "as a save; what it said before stays in its history's versions. `action` is "
        "`unchanged` when nothing changed. With embeddings, a new title or content is "
        "checked for near-duplicates as a save is: "
        "another memory of the scope and type that means the same absorbs this one (then a "
        "tombstone), and `id` and `absorbed_by` name it."
    ),
    responses={**_WRITE_ERRORS, **described(409)},
    openapi_extra=body_schema(UpdateIn),
)
async def update_memory(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    body = await body_of(request, UpdateIn)
    caller = caller_of(grant, project, user, tenant)
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
        metadata=body.metadata,
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
    caller = caller_of(grant, project, user, tenant)
    at = _at(session_id, turn)
    tools = memory_tools(context(request))
    written = await tools.forget(caller, memory_id, reason=reason, at=at)
    return WriteOut.of(written, caller)


Cursor = Annotated[
    str | None,
    Query(
        min_length=1,
        max_length=pages.MAX_CHARS,
        description="Where to go on: the `next_cursor` of the page before, as answered "
        "(opaque; made for this scope and these filters only, else a 400 `invalid_cursor`).",
    ),
]


def _time(name: str) -> Any:
    return Query(
        alias=name,
        description="An RFC 3339 time with its offset (exclusive bound); else a 400 "
        "`invalid_time`.",
        json_schema_extra={"format": "date-time", "pattern": MOMENT_PATTERN},
    )


def _moment_of(name: str, text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return moment(text)
    except ValueError as exc:
        raise ApiError(
            400,
            "invalid_time",
            f"{name} must be an RFC 3339 time with its offset, e.g. 2026-10-15T09:30:00Z",
        ) from exc


@router.get(
    "/memories",
    response_model=ListOut,
    response_model_by_alias=True,
    summary="List memories",
    description=(
        "The memories the scope sees: pinned first, then the most recently created first, "
        "a page at a time: `next_cursor` goes on where the page ended (null on the last "
        "page). Pages hold still while memories are written: a memory made after the first "
        "page is not shown, one shown is not shown again, and an update does not move a "
        "memory. Filters: `created_after`/`created_before`, `updated_after`/`updated_before`, "
        "`session` (the session it came from), `author` (the user whose session or key wrote "
        "it), `metadata` (`key:value`, repeated: all must hold), `type`, `class`. With "
        "`as_of`, the ones it believed at that time, as they read "
        "then (`updated_at`: when that content became true), paged the same way, without "
        "the other filters."
    ),
    responses=described(400, 401, 403, 422, 429, 503, 504),
)
async def list_memories(
    request: Request,
    grant: Authorized,
    types: Types = None,
    classes: Classes = None,
    limit: Annotated[int, Query(ge=1, le=100, description="At most this many (1 to 100).")] = 50,
    cursor: Cursor = None,
    created_after: Annotated[str | None, _time("created_after")] = None,
    created_before: Annotated[str | None, _time("created_before")] = None,
    updated_after: Annotated[str | None, _time("updated_after")] = None,
    updated_before: Annotated[str | None, _time("updated_before")] = None,
    session: Annotated[
        str | None,
        Query(
            min_length=1,
            max_length=IDENTIFIER_MAX,
            pattern=IDENTIFIER_PATTERN,
            description="Only the memories that came from this session.",
        ),
    ] = None,
    author: Annotated[
        str | None,
        Query(
            min_length=1,
            max_length=IDENTIFIER_MAX,
            pattern=IDENTIFIER_PATTERN,
            description="Only the memories this user wrote (`author.user`).",
        ),
    ] = None,
    metadata: MetadataParam = None,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    as_of: AsOf = None,
) -> ListOut:
    at = as_of_moment(as_of)
    narrowing = Narrowing(
        created_after=_moment_of("created_after", created_after),
        created_before=_moment_of("created_before", created_before),
        updated_after=_moment_of("updated_after", updated_after),
        updated_before=_moment_of("updated_before", updated_before),
        session=session,
        author=author,
        metadata=metadata_pairs(metadata),
    )
    caller = caller_of(grant, project, user, tenant)
    tools = memory_tools(context(request))
    page = await memory_page(
        tools,
        caller,
        types=types or (),
        classes=classes or (),
        limit=limit,
        narrowing=narrowing,
        as_of=at,
        cursor=cursor,
    )
    ids = await tools.ids()
    return ListOut(
        scope=ScopeOut.of(caller.scope),
        memories=[MemoryOut.of(m, caller.scope.user, ids) for m in page.memories],
        next_cursor=page.next_cursor,
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


class SourceOut(BaseModel):
    session: str | None = Field(description="The host's session it was written from.")
    turns: str | None = Field(description="That session's turns it came from (`3`, `2-5`).")
    run: int | None = Field(description="The extraction run that wrote it, when one did.")
    user: str | None = Field(description="The user whose session or key wrote it.")
    key_id: str | None = Field(description="The agent key that wrote it, when one did.")
    created_by: str = Field(description="The writer: `extractor`, `agent`, `operator`, …")
    created_at: datetime


class HistoryOut(BaseModel):
    scope: ScopeOut
    id: str = Field(description="The memory's opaque id.")
    versions: list[VersionOut] = Field(description="Each content it had, oldest first.")
    changes: list[ChangeOut] = Field(description="Its recorded changes: who, what, why, when.")
    hidden: int = Field(
        description="Versions left out because their integrity tag does not hold (logged)."
    )
    source: SourceOut | None = Field(
        description="Where it came from (provenance): the session and turns, the run, the "
        "writer; null once the memory was purged."
    )
    next_cursor: str | None = Field(
        description="Pass it as `cursor` for the rest of `versions` and `changes`; null when "
        "this page holds the last of both."
    )


@router.get(
    "/memories/{memory_id}/history",
    response_model=HistoryOut,
    response_model_by_alias=True,
    summary="A memory's history",
    description=(
        "How a memory changed: each content it had with when it was true (`valid_from`, "
        "`valid_to`), what replaced it and who ended it and why, the changes recorded "
        "(who, what, why, when), and where it came from (`source`: the session and turns, "
        "the run, the writer). A memory of another scope is a 404 like a missing one; a "
        "version whose integrity does not hold is left out and counted in `hidden`. A page "
        "at a time: at most `limit` versions and `limit` changes, each oldest first; "
        "`next_cursor` goes on where the page ended (null on the last page); a cursor made for "
        "another memory or scope is a 400 `invalid_cursor`."
    ),
    responses=described(400, 401, 403, 404, 422, 429, 503, 504),
)
async def memory_history(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    limit: Annotated[
        int, Query(ge=1, le=100, description="At most this many versions, and as many changes.")
    ] = 50,
    cursor: Cursor = None,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> HistoryOut:
    caller = caller_of(grant, project, user, tenant)
    tools = memory_tools(context(request))
    found = await history_page(tools, caller, memory_id, limit=limit, cursor=cursor)
    return HistoryOut.model_validate({**found, "scope": ScopeOut.of(caller.scope).model_dump()})


@router.post(
    "/memories/{memory_id}/restore",
    response_model=WriteOut,
    summary="Restore a forgotten memory",
    description=(
        "Bring back a memory the scope forgot, with its id, while its tombstone is kept "
        "(role agent or admin). A live duplicate or a directive is refused (422 with the "
        "guard's reason); a memory not forgotten is a 409 `not_forgotten`; another scope's, "
        "a purged or an unknown one is a 404."
    ),
    responses={**_WRITE_ERRORS, **described(409)},
)
async def restore_memory(
    request: Request,
    grant: Authorized,
    memory_id: MemoryId,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> WriteOut:
    caller = caller_of(grant, project, user, tenant)
    written = await memory_tools(context(request)).restore(caller, memory_id)
    return WriteOut.of(written, caller)
