"""late turns: turns stored after extraction had already passed them

A turn that arrives after its gap was skipped (say, replayed from the dead letters a day
later) is stored, but lies behind the session's cursor and will not be extracted. It is
counted in ``sessions.late_turns`` in the transaction that stores it, so that it is shown
(``memoryd sessions``, ``memoryd status``) instead of silently ignored; a partial index holds
just the sessions that have any, for the status.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    where = "sqlite_where" if dialect == "sqlite" else "postgresql_where"
    op.add_column(
        "sessions",
        sa.Column("late_turns", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_index(
        "ix_sessions_late", "sessions", ["session_id"], **{where: sa.text("late_turns > 0")}
    )


def downgrade() -> None:
    op.drop_index("ix_sessions_late", table_name="sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("late_turns")
