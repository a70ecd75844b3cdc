"""agent turns: turns in which the main agent wrote memories through memoryd's own tools

When a memory tool call (HTTP or MCP) names its session and turn, the turn is recorded here
in the transaction of the write, so that the extraction guard skips it without the host
listing ``memory_writes`` in its event. The call may come before the turn's event is stored.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from daemon.store.tables import UTCDateTime

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "agent_turns",
        sa.Column("session_id", sa.String(length=200), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("tenant", sa.String(length=200), server_default="", nullable=False),
        sa.Column("project", sa.String(length=200), nullable=False),
        sa.Column("user", sa.String(length=200), server_default="", nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint(
            "session_id", "turn", "tenant", "project", "user", name=op.f("pk_agent_turns")
        ),
    )


def downgrade() -> None:
    op.drop_table("agent_turns")
