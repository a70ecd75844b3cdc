"""api keys: the tenant keys of memoryd serve, kept as hashes

Each row is one key: its public id, the SHA-256 of the whole key (the key itself is shown
once, at creation), the tenant it acts for, the projects and user it bounds, its role, and
when it was revoked.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("key_id", sa.String(length=40), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("tenant", sa.String(length=200), nullable=False),
        sa.Column("projects", sa.JSON(), nullable=False),
        sa.Column("user", sa.String(length=200), nullable=True),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint(
            "role IN ('reader', 'host', 'agent', 'admin')", name="ck_api_keys_role"
        ),
        sa.PrimaryKeyConstraint("key_id", name="pk_api_keys"),
    )


def downgrade() -> None:
    op.drop_table("api_keys")
