"""The transcript columns sealed at rest, and where each sealed value belongs.

Every sealed column is listed in :data:`SEALED` with the row key its associated data names
(:func:`daemon.base.sealing.place`): the table and column, the row's scope, and its key within
the table. The rows are sealed where ingest builds them and opened where the readers of this
package read them, through the functions below; rotation (:mod:`daemon.store.rotation`)
reseals them from the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from daemon.base.sealing import Sealer, place
from daemon.store.tables import messages, session_fragments, session_summaries, sessions, turns


@dataclass(frozen=True, slots=True)
class SealedColumn:
    """A column sealed at rest: its table, its name, whether it holds JSON, and the columns
    (after the scope) that name its row."""

    table: sa.Table
    column: str
    json: bool
    row_key: tuple[str, ...]

    def where(self, row: Any) -> bytes:
        """The associated data of this column's value in ``row`` (anything with the scope
        and row key columns as attributes or keys)."""
        get: Any = row.get if isinstance(row, dict) else lambda name: getattr(row, name)
        parts: list[str | int] = [get(k) for k in ("tenant", "project", "user", *self.row_key)]
        return place(self.table.name, self.column, *parts)

    def seal(self, sealer: Sealer, value: Any, row: Any) -> Any:
        if self.json:
            return sealer.seal_json(value, self.where(row))
        return sealer.seal(value, self.where(row))

    def open(self, sealer: Sealer, stored: Any, row: Any) -> Any:
        if self.json:
            return sealer.open_json(stored, self.where(row))
        return sealer.open(stored, self.where(row))


MESSAGE_CONTENT = SealedColumn(messages, "content", False, ("session_id", "message_id"))
MESSAGE_TOOL_CALLS = SealedColumn(messages, "tool_calls", True, ("session_id", "message_id"))
TURN_SUMMARY = SealedColumn(turns, "summary", False, ("session_id", "turn"))
HOST_PROMPT = SealedColumn(sessions, "host_system_prompt", False, ("session_id",))
HOST_TOOLS = SealedColumn(sessions, "host_tools", True, ("session_id",))
FRAGMENT_SUMMARY = SealedColumn(session_fragments, "summary", False, ("session_id", "first_turn"))
FRAGMENT_TURNS = SealedColumn(session_fragments, "turns", False, ("session_id", "first_turn"))
SUMMARY_STATE = SealedColumn(session_summaries, "state", False, ("session_id",))

#: Every sealed column, by table.
SEALED: tuple[SealedColumn, ...] = (
    MESSAGE_CONTENT,
    MESSAGE_TOOL_CALLS,
    TURN_SUMMARY,
    HOST_PROMPT,
    HOST_TOOLS,
    FRAGMENT_SUMMARY,
    FRAGMENT_TURNS,
    SUMMARY_STATE,
)


def seal_row(sealer: Sealer, row: dict[str, Any], *columns: SealedColumn) -> dict[str, Any]:
    """``row`` (a dict about to be inserted) with ``columns`` sealed, in place."""
    for column in columns:
        row[column.column] = column.seal(sealer, row[column.column], row)
    return row
