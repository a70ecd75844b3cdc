"""Sessions for operators: where each one's cursor stands, what holds it, and a retry."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import structlog

from daemon.admin.tabular import plain
from daemon.queue import JobQueue
from daemon.store import runs
from daemon.store.db import Connection, Store
from daemon.store.transcripts import cursors as cursor_store
from daemon.store.transcripts import session_listing as listing
from daemon.store.transcripts.session_listing import SessionFilter

__all__ = ["SessionFilter", "list_sessions", "retry_session", "show_session"]

log = structlog.get_logger("memoryd.admin")


async def list_sessions(
    conn: Connection, now: datetime, where: SessionFilter
) -> list[dict[str, Any]]:
    """Sessions, most recently active first."""
    return [plain(row) for row in await listing.list_sessions(conn, now, where)]


async def show_session(
    conn: Connection, session_id: str, now: datetime, *, tenant: str, runs_shown: int = 10
) -> dict[str, Any] | None:
    """``tenant``'s session ``session_id`` with its cursor and its last runs (newest first)."""
    row = await listing.get_session(conn, session_id, now, tenant=tenant)
    if row is None:
        return None
    found = plain(row)
    shown = await runs.of_session(conn, session_id, tenant=tenant, limit=runs_shown)
    found["runs"] = [plain(r) for r in shown]
    return found


async def retry_session(
    store: Store, queue: JobQueue, session_id: str, now: datetime, *, tenant: str
) -> bool:
    """Close the breaker of ``tenant``'s session ``session_id``, unpark it and queue its
    extraction now; False when the session has no cursor."""
    async with store.begin() as conn:
        if not await cursor_store.reset(conn, session_id, now, tenant=tenant):
            return False
    await queue.request_extraction([(tenant, session_id)], delay_s=0)
    log.info("session.retried", session_id=session_id)
    return True
