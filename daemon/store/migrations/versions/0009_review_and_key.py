"""review and source key: directives held for an operator, and the agent key that wrote a memory

A memory that tells agents what to do is held (``review`` 'pending') where only its author's
scope sees it until an operator approves it; an approved one is shown in the block's own
voice. ``source_key`` names the agent key that wrote a memory, so that a reader can be told
who said it when the key is bound to no user. Existing memories keep being shared as they
were (``review`` 'none').

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from daemon.store.tables import UTCDateTime

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("memories", sa.Column("source_key", sa.String(length=40), nullable=True))
    op.add_column(
        "memories",
        sa.Column("review", sa.String(length=20), server_default="none", nullable=False),
    )
    op.add_column("memories", sa.Column("reviewed_by", sa.String(length=200), nullable=True))
    op.add_column("memories", sa.Column("reviewed_at", UTCDateTime(), nullable=True))
    op.create_index(
        "ix_memories_pending",
        "memories",
        ["tenant", "project"],
        sqlite_where=sa.text("review = 'pending'"),
        postgresql_where=sa.text("review = 'pending'"),
    )


def downgrade() -> None:
    op.drop_index("ix_memories_pending", table_name="memories")
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("reviewed_at")
        batch.drop_column("reviewed_by")
        batch.drop_column("review")
        batch.drop_column("source_key")
