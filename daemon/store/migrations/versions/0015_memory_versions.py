"""memory versions: supersede, never destroy

``memories.valid_from`` says since when a memory says what it says (existing memories: since
they were created). ``memory_versions`` keeps what a memory said before a write replaced it,
true over [valid_from, valid_to), with what replaced it, who and why, and the memory's
integrity tag, so that ``as_of`` reads what was believed at a time and the timeline shows how
a fact changed. Memories changed before this revision keep their earlier contents in
``memory_history`` only.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    big = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.add_column("memories", sa.Column("valid_from", sa.DateTime(), nullable=True))
    op.execute("UPDATE memories SET valid_from = created_at WHERE valid_from IS NULL")
    op.create_table(
        "memory_versions",
        sa.Column("id", big, autoincrement=True, nullable=False),
        sa.Column("memory_id", big, nullable=False),
        sa.Column("tenant", sa.String(length=200), server_default="", nullable=False),
        sa.Column("project", sa.String(length=200), nullable=False),
        sa.Column("user", sa.String(length=200), server_default="", nullable=False),
        sa.Column("type", sa.String(length=20), nullable=False),
        sa.Column("class", sa.String(length=20), nullable=False),
        sa.Column("pinned", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("title", sa.String(length=300), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("created_by", sa.String(length=100), nullable=False),
        sa.Column("source_user", sa.String(length=200), nullable=True),
        sa.Column("source_session", sa.String(length=200), nullable=True),
        sa.Column("source_key", sa.String(length=40), nullable=True),
        sa.Column("review", sa.String(length=20), server_default="none", nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("valid_from", sa.DateTime(), nullable=False),
        sa.Column("valid_to", sa.DateTime(), nullable=False),
        sa.Column("superseded_by", big, nullable=True),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("actor", sa.String(length=20), nullable=False),
        sa.Column("actor_id", sa.String(length=200), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("integrity", sa.String(length=100), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_memory_versions"),
    )
    op.create_index(
        "ix_memory_versions_memory_id", "memory_versions", ["memory_id", "valid_to"]
    )
    op.create_index(
        "ix_memory_versions_scope", "memory_versions", ["tenant", "project", "user", "valid_to"]
    )
    op.create_index("ix_memory_versions_valid_to", "memory_versions", ["valid_to"])


def downgrade() -> None:
    op.drop_index("ix_memory_versions_valid_to", table_name="memory_versions")
    op.drop_index("ix_memory_versions_scope", table_name="memory_versions")
    op.drop_index("ix_memory_versions_memory_id", table_name="memory_versions")
    op.drop_table("memory_versions")
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("valid_from")
