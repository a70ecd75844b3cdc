"""maintenance indexes

Partial indexes holding only the rows a consolidation step may change (daemon/maintenance):
expiring memories, idle working memories, compaction summaries, tombstones. The predicates
are written per dialect exactly as SQLAlchemy renders the queries' conditions, so that the
planners can match them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_LIVE_UNPINNED = {
    "postgresql": "deleted_at IS NULL AND NOT pinned",
    "sqlite": "deleted_at IS NULL AND pinned = 0",
}


def _where(dialect: str, extra: str | None) -> sa.TextClause:
    base = _LIVE_UNPINNED.get(dialect, _LIVE_UNPINNED["postgresql"])
    return sa.text(f"{base} AND {extra}" if extra else base)


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    where = f"{dialect}_where" if dialect in _LIVE_UNPINNED else "postgresql_where"
    op.create_index(
        "ix_memories_expiry",
        "memories",
        ["expires_at"],
        **{where: _where(dialect, "expires_at IS NOT NULL")},
    )
    op.create_index(
        "ix_memories_working_idle",
        "memories",
        [sa.text("coalesce(last_surfaced_at, updated_at)")],
        **{where: _where(dialect, "class = 'working'")},
    )
    op.create_index(
        "ix_memories_compaction",
        "memories",
        ["tenant", "project", "user", "created_at"],
        **{where: _where(dialect, "created_by = 'compaction'")},
    )
    op.create_index(
        "ix_memories_tombstones",
        "memories",
        ["deleted_at"],
        **{where: sa.text("deleted_at IS NOT NULL")},
    )


def downgrade() -> None:
    for name in (
        "ix_memories_tombstones",
        "ix_memories_compaction",
        "ix_memories_working_idle",
        "ix_memories_expiry",
    ):
        op.drop_index(name, table_name="memories")
