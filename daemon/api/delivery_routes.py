"""``GET /v1/events/{event_id}`` and ``GET /v1/sessions/{session_id}``: what became of a
host's events, polled, and ``GET /v1/sessions``: a scope's sessions, a page at a time
(:mod:`daemon.tools.delivery`). Read-only, like recall: every role may read them, in its
key's scope; anything outside it is answered as unknown (or refused, when named)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from daemon.access.policy import Action, require, scope_for
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import ScopeOut
from daemon.api.error_bodies import described
from daemon.api.memory_routes import Cursor
from daemon.api.routes import Project, Tenant
from daemon.base.scope import ScopeKey
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.store.public_ids import page_codec
from daemon.tools.delivery import Bounds

router = APIRouter(prefix="/v1", tags=["delivery"])

_ID = {"min_length": 1, "max_length": IDENTIFIER_MAX, "pattern": IDENTIFIER_PATTERN}
_ERRORS = described(401, 403, 404, 422, 429, 503, 504)


class RunOut(BaseModel):
    id: int
    outcome: Literal["wrote", "nothing", "skipped", "failed", "parked"]
    from_turn: int | None
    to_turn: int | None
    finished_at: datetime


class EventStatusOut(BaseModel):
    event_id: str
    state: Literal["accepted", "stored", "extracted", "dead_lettered"] = Field(
        description="accepted: on the stream, its turn not stored yet; stored: its turn is "
        "in the store; extracted: the session's cursor has passed its turn (`run` names the "
        "run); dead_lettered: its latest send was set aside (`reason` says why)."
    )
    session_id: str
    scope: ScopeOut
    accepted_at: datetime | None = Field(
        description="When `POST /v1/events` accepted it (null for an event not published "
        "over HTTP, or accepted longer ago than MEMORYD_STREAM__DELIVERY_TTL_S)."
    )
    entry_id: str | None = Field(description="The stream entry of its latest send.")
    turn: int | None = Field(description="Its stored turn's number, once stored.")
    stored_at: datetime | None
    run: RunOut | None = Field(description="The run that extracted its turn, once extracted.")
    reason: str | None = Field(description="Why it was dead-lettered (secrets redacted).")
    dead_lettered_at: datetime | None


class TurnOut(BaseModel):
    turn: int
    event_id: str
    kind: str
    at: datetime
    messages: int = Field(description="How many messages it holds (their content is not shown).")


class CursorOut(BaseModel):
    extracted_turn: int | None = Field(description="The last turn extracted; null before any.")
    failures: int
    breaker_open: bool
    breaker_until: datetime | None
    parked: bool = Field(description="Extraction stopped until an operator retries it.")
    parked_reason: str | None
    gaps_skipped: int
    late_turns: int = Field(description="Turns stored after the cursor had passed them.")


class SessionStatusOut(BaseModel):
    session_id: str
    scope: ScopeOut
    first_seen_at: datetime
    last_event_at: datetime
    last_turn: int
    ended: bool
    turns: list[TurnOut] = Field(description="The stored turns in order (the last 1,000).")
    turns_capped: bool
    cursor: CursorOut
    last_run: RunOut | None


class SessionSummaryOut(BaseModel):
    session_id: str
    user: str | None = Field(description="The user of its events; null for none.")
    first_seen_at: datetime
    last_event_at: datetime
    last_turn: int
    extracted_turn: int | None = Field(description="The last turn extracted; null before any.")
    ended: bool


class SessionsOut(BaseModel):
    scope: ScopeOut
    sessions: list[SessionSummaryOut]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page."
    )


@router.get(
    "/events/{event_id:path}",
    response_model=EventStatusOut,
    summary="What became of an event",
    description=(
        "Poll after `POST /v1/events`: `accepted`, `stored`, `extracted` (with the run) or "
        "`dead_lettered` (with the reason). An event outside the key's scope is answered "
        "404 exactly as an unknown one."
    ),
    responses=_ERRORS,
)
async def event_status(
    request: Request,
    grant: Authorized,
    event_id: Annotated[str, Path(**_ID)],
    tenant: Tenant = None,
) -> JSONResponse:
    require(grant, Action.RECALL)
    found = await context(request).delivery().event(Bounds.of(grant, tenant), event_id)
    if found is None:
        raise ApiError(404, "not_found", "no such event in this key's scope")
    return JSONResponse(EventStatusOut.model_validate(found).model_dump(mode="json"))


def _sessions_bound(scope: ScopeKey, every_user: bool) -> str:
    """What a cursor of the session list is made for: its scope."""
    user = "*" if every_user else scope.user
    return "\x1f".join(("sessions", scope.tenant, scope.project, user))


@router.get(
    "/sessions",
    response_model=SessionsOut,
    summary="List sessions",
    description=(
        "The sessions of the scope's project, the most recently started first, a page at a "
        "time (`next_cursor`, null on the last page; pages hold still while sessions are "
        "written). A key bound to a user, or a request naming `user`, sees that user's "
        "sessions and those of no user; a key bound to no user that names none sees every "
        "user's. Each is one `GET /v1/sessions/{session_id}` answers for the same key."
    ),
    responses={**_ERRORS, **described(400)},
)
async def list_sessions(
    request: Request,
    grant: Authorized,
    limit: Annotated[int, Query(ge=1, le=100, description="At most this many (1 to 100).")] = 50,
    cursor: Cursor = None,
    project: Project = None,
    user: Annotated[
        str | None,
        Query(description="Only this user's sessions (and those of no user).", **_ID),
    ] = None,
    tenant: Tenant = None,
) -> JSONResponse:
    require(grant, Action.RECALL)
    scope = scope_for(grant, project=project, user=user, tenant=tenant)
    every_user = not scope.user
    ctx = context(request)
    codec = await page_codec(ctx.store)
    bound = _sessions_bound(scope, every_user)
    after = None
    if cursor is not None:  # a bad one is a 400 invalid_cursor
        opened = codec.open(cursor, bound, size=2)
        after = (opened[0], opened[1])
    found, more = (
        await context(request)
        .delivery()
        .sessions(scope, every_user=every_user, limit=limit, after=after)
    )
    listed = SessionsOut(
        scope=ScopeOut.of(scope),
        sessions=[SessionSummaryOut.model_validate(row) for row in found],
        next_cursor=None if more is None else codec.seal(more, bound),
    )
    return JSONResponse(listed.model_dump(mode="json"))


@router.get(
    "/sessions/{session_id:path}",
    response_model=SessionStatusOut,
    summary="Where a session stands",
    description=(
        "The session's stored turns (numbers, event ids, kinds, times and message counts; "
        "no content), its cursor and its last run. A session outside the key's scope is "
        "answered 404 exactly as an unknown one."
    ),
    responses=_ERRORS,
)
async def session_status(
    request: Request,
    grant: Authorized,
    session_id: Annotated[str, Path(**_ID)],
    tenant: Tenant = None,
) -> JSONResponse:
    require(grant, Action.RECALL)
    found = await context(request).delivery().session(Bounds.of(grant, tenant), session_id)
    if found is None:
        raise ApiError(404, "not_found", "no such session in this key's scope")
    return JSONResponse(SessionStatusOut.model_validate(found).model_dump(mode="json"))
