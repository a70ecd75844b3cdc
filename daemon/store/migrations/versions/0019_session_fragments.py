"""session fragments: the windows of earlier sessions that session recall ranks

``session_fragments`` holds one row per window of a session (the turns up to and including
a compaction, or a fixed number of turns): its summary, its turns' text (both sealed at rest
like the transcript when a data key is configured), and its vector of one embedding space
(``space``, ``dims``, ``vector`` as float32 little-endian bytes; NULL until a worker embeds
it). The rows go with their session (``ON DELETE CASCADE``: an erasure) and with old
transcripts (retention). ``daemon.store.transcripts.fragments`` owns the table.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    big = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "session_fragments",
        sa.Column("id", big, primary_key=True, autoincrement=True),
        sa.Column("tenant", sa.String(length=200), server_default="", nullable=False),
        sa.Column("project", sa.String(length=200), nullable=False),
        sa.Column("user", sa.String(length=200), server_default="", nullable=False),
        sa.Column("session_id", sa.String(length=200), nullable=False),
        sa.Column("first_turn", sa.Integer(), nullable=False),
        sa.Column("last_turn", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=True),
        sa.Column("turns", sa.Text(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("space", sa.String(length=200), nullable=True),
        sa.Column("dims", sa.Integer(), nullable=True),
        sa.Column("vector", sa.LargeBinary(), nullable=True),
        sa.Column("embedded_digest", sa.String(length=64), nullable=True),
        sa.Column("embedded_at", sa.DateTime(), nullable=True),
        sa.Column("built_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant", "session_id"],
            ["sessions.tenant", "sessions.session_id"],
            name="fk_session_fragments_tenant_sessions",
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint(
            "tenant",
            "session_id",
            "first_turn",
            name="uq_session_fragments_tenant_session_id_first_turn",
        ),
    )
    op.create_index(
        "ix_session_fragments_scope_at", "session_fragments", ["tenant", "project", "at"]
    )
    op.create_index("ix_session_fragments_at", "session_fragments", ["at"])


def downgrade() -> None:
    op.drop_index("ix_session_fragments_at", table_name="session_fragments")
    op.drop_index("ix_session_fragments_scope_at", table_name="session_fragments")
    op.drop_table("session_fragments")
