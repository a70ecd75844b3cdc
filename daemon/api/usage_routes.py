"""Usage over HTTP (admin keys): ``GET /v1/admin/usage`` answers what ``memoryd usage
--json`` prints, for the key's tenant only: per project and UTC day the tokens, model
calls, runs by outcome and memories written; the bytes stored now; the tenant's budget.
It needs the role ``admin`` (403 ``role_too_weak``); naming another tenant is a 403
``scope_outside_key`` (under ``--no-auth`` every tenant may be named)."""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, BeforeValidator, Field

from daemon.access.policy import Action, require, tenant_for
from daemon.access.refusals import ApiError
from daemon.admin.usage_admin import UsageFilter, usage_report
from daemon.api.bearer import Authorized, context
from daemon.api.error_bodies import described
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN

router = APIRouter(prefix="/v1/admin", tags=["usage"])

_ERRORS = described(400, 401, 403, 422, 429, 503, 504)
Name = Annotated[
    str | None, Query(min_length=1, max_length=IDENTIFIER_MAX, pattern=IDENTIFIER_PATTERN)
]


class DayOut(BaseModel):
    tenant: str
    project: str
    day: str = Field(description="The UTC day (YYYY-MM-DD) the runs started on.")
    runs: int
    by_outcome: dict[str, int] = Field(description="Runs per outcome.")
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    memories_written: int = Field(description="Memories created and updated by the runs.")


class StoredOut(BaseModel):
    tenant: str
    project: str
    transcript_bytes: int
    memory_bytes: int


class BudgetOut(BaseModel):
    tenant: str
    daily_tokens: int = Field(description="Prompt and completion tokens a UTC day.")
    mode: str = Field(description="soft: warn; hard: extraction pauses.")
    used_today: int
    exceeded: bool
    updated_at: str


class UsageOut(BaseModel):
    days: list[DayOut]
    stored: list[StoredOut]
    budgets: list[BudgetOut]


def _only_a_day(value: Any) -> Any:
    """A day in a query is YYYY-MM-DD: a number is not a day, whatever a date parser makes
    of it (pydantic reads "0" as the first day of 1970)."""
    if isinstance(value, str) and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise ValueError("not a day (YYYY-MM-DD)")
    return value


Day = Annotated[date | None, BeforeValidator(_only_a_day)]


@router.get(
    "/usage",
    response_model=UsageOut,
    summary="Usage per project and day",
    description="What extraction spent and wrote per project and UTC day (the newest "
    "first), the bytes each project keeps stored now, and the tenant's budget.",
    responses=_ERRORS,
)
async def usage(
    request: Request,
    grant: Authorized,
    tenant: Name = None,
    project: Name = None,
    since: Annotated[Day, Query(description="From this UTC day, inclusive.")] = None,
    until: Annotated[Day, Query(description="To this UTC day, inclusive.")] = None,
) -> dict[str, Any]:
    require(grant, Action.ADMINISTER)
    where = UsageFilter(tenant_for(grant, tenant), project, since, until)
    if since is not None and until is not None and since > until:
        raise ApiError(400, "bad_request", "since is after until")
    ctx = context(request)
    async with ctx.store.connect() as conn:
        return await usage_report(conn, where, ctx.clock.now())
