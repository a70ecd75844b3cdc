"""semantic dedup: memories awaiting a near-duplicate check, and what replaced a removed one

``memories.dedup_pending`` marks a memory written without a near-duplicate check (the
extractor's, an import's, a save whose text could not be embedded): the embedding job checks
it once its vector is made (docs/recall.md, "Semantic dedup"). ``memories.replaced_by``
names the memory that took a removed one's place (a near-duplicate absorbed into an older
memory, a fact the extractor deleted and wrote anew), so the timeline and the version kept
at purge link the old fact to the new.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    big = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.add_column(
        "memories",
        sa.Column("dedup_pending", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.add_column("memories", sa.Column("replaced_by", big, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("replaced_by")
        batch.drop_column("dedup_pending")
