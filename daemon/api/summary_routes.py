"""``GET /v1/sessions/{session_id}/summary``: the rolling structured summary memoryd's workers
keep of a session (:mod:`daemon.maintenance.session_summary`), so that a host in any language
can compact its context at no model cost. Read-only, like recall: every role may read it, in
its key's scope; a session outside it is answered as one without a summary."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from daemon.access.policy import Action, require
from daemon.access.refusals import ApiError
from daemon.api.bearer import Authorized, context
from daemon.api.error_bodies import described
from daemon.api.routes import Tenant
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.tools.delivery import Bounds

router = APIRouter(prefix="/v1", tags=["delivery"])

_ID = {"min_length": 1, "max_length": IDENTIFIER_MAX, "pattern": IDENTIFIER_PATTERN}
_ERRORS = described(401, 403, 404, 422, 429, 503, 504)


class SummaryPartsOut(BaseModel):
    goal: str = Field(
        description="The session's task: its first substantive request, or the "
        "latest goal the user stated."
    )
    key_decisions: list[str] = Field(
        description="Decisions saved as memories from the session, then those said in it."
    )
    accomplished: list[str] = Field(
        description="Files edited or written (with their paths) and commands that succeeded."
    )
    in_progress: str = Field(description="The latest request and the assistant's latest plan.")
    relevant_files: list[str] = Field(
        description="Paths read or edited, the most recently and often touched first."
    )


class SessionSummaryOut(BaseModel):
    session_id: str
    summary: SummaryPartsOut
    text: str = Field(
        description="The summary as markdown under the headings ## Goal, ## Key Decisions, "
        "## Accomplished, ## In Progress and ## Relevant Files (under about 2,000 tokens)."
    )
    through_turn: int = Field(description="The last turn of the session the summary covers.")
    updated_at: datetime
    age_seconds: float = Field(description="Seconds since the summary was last updated.")


@router.get(
    "/sessions/{session_id:path}/summary",
    response_model=SessionSummaryOut,
    summary="A session's rolling summary",
    description=(
        "The structured summary memoryd's workers keep of the session as its turns are "
        "processed (no model call): goal, key decisions, what was accomplished, what is in "
        "progress and the relevant files, with the last turn it covers and its age, to "
        "replace the messages it covers when the host compacts. 404 when the session has no "
        "summary yet, or is outside the key's scope (answered exactly alike)."
    ),
    responses=_ERRORS,
)
async def session_summary(
    request: Request,
    grant: Authorized,
    session_id: Annotated[str, Path(**_ID)],
    tenant: Tenant = None,
) -> JSONResponse:
    require(grant, Action.RECALL)
    ctx = context(request)
    delivery = ctx.delivery()
    found = await delivery.summary(Bounds.of(grant, tenant), session_id)
    if found is None:
        raise ApiError(404, "not_found", "no summary of such a session in this key's scope")
    return JSONResponse(SessionSummaryOut.model_validate(found).model_dump(mode="json"))
