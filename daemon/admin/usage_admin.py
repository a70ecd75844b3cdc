"""Usage for operators (``memoryd usage``, ``GET /v1/admin/usage``): per tenant, project
and UTC day what extraction spent and wrote, what each tenant and project keeps stored now
(transcripts and memories, in bytes, read at query time), and the tenants' budgets."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from daemon.admin.tabular import plain
from daemon.store import usage
from daemon.store.db import Connection
from daemon.store.memory import sizes as memory_sizes
from daemon.store.transcripts import sizes as transcript_sizes
from daemon.store.usage import UsageFilter

__all__ = ["UsageFilter", "usage_report"]


async def usage_report(conn: Connection, where: UsageFilter, now: datetime) -> dict[str, Any]:
    """``days`` (the newest first), ``stored`` (bytes per tenant and project) and
    ``budgets`` (with what each tenant spent today), narrowed by ``where``'s tenant and
    project (its days narrow ``days`` only)."""
    scope = {"tenant": where.tenant, "project": where.project}
    transcripts = await transcript_sizes.stored_bytes(conn, **scope)
    memories = await memory_sizes.stored_bytes(conn, **scope)
    stored = [
        {
            "tenant": tenant,
            "project": project,
            "transcript_bytes": transcripts.get((tenant, project), 0),
            "memory_bytes": memories.get((tenant, project), 0),
        }
        for tenant, project in sorted(set(transcripts) | set(memories))
    ]
    budgets = [
        plain(
            {
                "tenant": s.budget.tenant,
                "daily_tokens": s.budget.daily_tokens,
                "mode": s.budget.mode,
                "used_today": s.used,
                "exceeded": s.exceeded,
                "updated_at": s.budget.updated_at,
            }
        )
        for s in await usage.budget_states(conn, now)
        if where.tenant is None or s.budget.tenant == where.tenant
    ]
    return {"days": await usage.daily(conn, where), "stored": stored, "budgets": budgets}
