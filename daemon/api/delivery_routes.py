"""``GET /v1/events/{event_id}`` and ``GET /v1/sessions/{session_id}``: what became of a
host's events, polled (:mod:`daemon.tools.delivery`). Read-only, like recall: every role may
read them, in its key's scope; anything outside it is answered as unknown."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from daemon.access.policy import Action, require
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.bodies import ScopeOut
from daemon.api.error_bodies import described
from daemon.api.routes import Tenant
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.tools.delivery import Bounds, Delivery

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


def _delivery(request: Request) -> Delivery:
    ctx = context(request)
    return Delivery(ctx.store, ctx.redis, ctx.keys, ctx.clock)


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
    found = await _delivery(request).event(Bounds.of(grant, tenant), event_id)
    if found is None:
        raise ApiError(404, "not_found", "no such event in this key's scope")
    return JSONResponse(EventStatusOut.model_validate(found).model_dump(mode="json"))


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
    found = await _delivery(request).session(Bounds.of(grant, tenant), session_id)
    if found is None:
        raise ApiError(404, "not_found", "no such session in this key's scope")
    return JSONResponse(SessionStatusOut.model_validate(found).model_dump(mode="json"))
