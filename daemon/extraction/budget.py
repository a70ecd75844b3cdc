"""The tenants' daily token budgets, asked by the runner before a run that calls the model.

A soft budget spent is logged (``usage.budget_exceeded``, ``mode=soft``) and the run goes
on. A hard one holds the run back: the session's cursor stays, a ``budget_exceeded`` run is
recorded (once a session and UTC day, however often the session is tried) and the run
waits for the next UTC day, or for the budget to be raised or cleared (the next try).

The check precedes the run, whose tokens are known only after it: a tenant overshoots its
budget by at most the runs already started when it was reached, one run's tokens for each
extraction of the tenant running at that moment.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from daemon.extraction.outcome import RunOutcome
from daemon.store import usage
from daemon.store.db import Store
from daemon.store.runs import RunRecord, insert_run, of_session

log = structlog.get_logger("memoryd.extraction")


async def paused_until(store: Store, record: RunRecord, now: datetime) -> datetime | None:
    """When the run ``record`` describes may be tried again, if its tenant's hard budget
    holds it back (``record`` is then stored as its ``budget_exceeded`` run), else None."""
    tenant = record.scope.tenant
    async with store.connect() as conn:
        state = await usage.budget_state(conn, tenant, now)
    if state is None or not state.exceeded:
        return None
    fields = {"tenant": tenant, "used": state.used, "budget": state.budget.daily_tokens}
    if state.budget.mode == "soft":
        log.warning("usage.budget_exceeded", mode="soft", session_id=record.session_id, **fields)
        return None
    async with store.begin() as conn:
        last = await of_session(
            conn, record.session_id, tenant=tenant, columns=("outcome", "started_at"), limit=1
        )
        if not _held_today(last, state.day):
            record.outcome = RunOutcome.BUDGET
            record.error = f"the tenant's daily token budget is spent ({state.used} tokens)"
            await insert_run(conn, record)
            log.warning(
                "usage.budget_exceeded", mode="hard", session_id=record.session_id, **fields
            )
    return usage.next_day(now)


def _held_today(last: list[dict[str, object]], day: object) -> bool:
    """Whether the session's latest run is a ``budget_exceeded`` one of ``day``."""
    if not last or last[0]["outcome"] != RunOutcome.BUDGET:
        return False
    started = last[0]["started_at"]
    return isinstance(started, datetime) and usage.day_of(started) == day
