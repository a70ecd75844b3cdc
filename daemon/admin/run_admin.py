"""Extraction runs for operators: the newest first, filtered; one run in full."""

from __future__ import annotations

from typing import Any

from daemon.admin.tabular import plain
from daemon.store import runs
from daemon.store.db import Connection
from daemon.store.runs import RunFilter

__all__ = ["RunFilter", "get_run", "list_runs"]


async def list_runs(conn: Connection, where: RunFilter) -> list[dict[str, Any]]:
    return [plain(row) for row in await runs.list_runs(conn, where)]


async def get_run(conn: Connection, run_id: int) -> dict[str, Any] | None:
    row = await runs.get_run(conn, run_id)
    return None if row is None else plain(row)
