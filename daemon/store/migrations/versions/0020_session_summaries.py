"""session summaries: the rolling structured summary memoryd's workers keep of each session

``session_summaries`` holds one row per session (tenant, session id): the summary's state as
JSON (goal, key decisions, what was accomplished, what is in progress, the relevant files,
and what the next update needs to go on from it), sealed at rest like the transcript when a
data key is configured; ``through_turn``, the last turn it covers; ``updated_at``. The row
goes with its session (``ON DELETE CASCADE``: an erasure). ``daemon.store.transcripts.summaries``
owns the table.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_summaries",
        sa.Column("session_id", sa.String(length=200), nullable=False),
        sa.Column("tenant", sa.String(length=200), server_default="", nullable=False),
        sa.Column("project", sa.String(length=200), nullable=False),
        sa.Column("user", sa.String(length=200), server_default="", nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("through_turn", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant", "session_id"],
            ["sessions.tenant", "sessions.session_id"],
            name="fk_session_summaries_tenant_sessions",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tenant", "session_id", name="pk_session_summaries"),
    )
    op.create_index("ix_session_summaries_updated_at", "session_summaries", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_session_summaries_updated_at", table_name="session_summaries")
    op.drop_table("session_summaries")
