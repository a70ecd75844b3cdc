"""forgotten turns: what is left of a turn deleted before its retention window passed

With ``keep_transcripts = until_extracted`` a turn is deleted as soon as extraction passes
it. ``forgotten_turns`` keeps one row per such turn (tenant, session id, turn), with no text:
the turn's scope, its event id, its message count, the digest of its content and when it was
received, so that its event, delivered again, is known as the repeat it is and not stored as
a late turn, and its event id, used again at another turn, as the clash it is (indexed). A row goes with its session (``ON DELETE CASCADE``: an erasure) and once the
transcript window has passed since its turn was received (retention).
``daemon.store.transcripts.forgotten`` owns the table.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "forgotten_turns",
        sa.Column("session_id", sa.String(length=200), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("tenant", sa.String(length=200), server_default="", nullable=False),
        sa.Column("project", sa.String(length=200), nullable=False),
        sa.Column("user", sa.String(length=200), server_default="", nullable=False),
        sa.Column("event_id", sa.String(length=200), nullable=False),
        sa.Column("message_count", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=True),
        sa.Column("received_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant", "session_id"],
            ["sessions.tenant", "sessions.session_id"],
            name="fk_forgotten_turns_tenant_sessions",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tenant", "session_id", "turn", name="pk_forgotten_turns"),
    )
    op.create_index("ix_forgotten_turns_received_at", "forgotten_turns", ["received_at"])
    op.create_index("ix_forgotten_turns_event", "forgotten_turns", ["tenant", "event_id"])


def downgrade() -> None:
    op.drop_index("ix_forgotten_turns_event", table_name="forgotten_turns")
    op.drop_index("ix_forgotten_turns_received_at", table_name="forgotten_turns")
    op.drop_table("forgotten_turns")
