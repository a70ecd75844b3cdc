"""backlog without a scan of every session

``sessions.extracted_turn`` mirrors the cursor's turn (-1 before the first extraction; set
in the same transaction as the cursor), so that "sessions behind their cursor" is a partial
index of the sessions table holding just those sessions, whatever the number of sessions
ever seen. The cursors a breaker or parking holds get a partial index of their own. The
status and the sweep read those indexes instead of joining every session to its cursor.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_HELD = {
    "postgresql": "parked OR breaker_until IS NOT NULL",
    "sqlite": "parked = 1 OR breaker_until IS NOT NULL",
}


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    where = f"{dialect}_where" if dialect in _HELD else "postgresql_where"
    op.add_column(
        "sessions",
        sa.Column("extracted_turn", sa.Integer(), nullable=False, server_default="-1"),
    )
    op.execute(
        "UPDATE sessions SET extracted_turn = COALESCE("
        "(SELECT turn FROM cursors WHERE cursors.session_id = sessions.session_id), -1)"
    )
    op.create_index(
        "ix_sessions_behind",
        "sessions",
        ["last_event_at"],
        **{where: sa.text("last_turn > extracted_turn")},
    )
    op.create_index(
        "ix_cursors_held",
        "cursors",
        ["updated_at"],
        **{where: sa.text(_HELD.get(dialect, _HELD["postgresql"]))},
    )


def downgrade() -> None:
    op.drop_index("ix_cursors_held", table_name="cursors")
    op.drop_index("ix_sessions_behind", table_name="sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("extracted_turn")
