"""install secrets: the key of the opaque memory ids

The API names a memory by an opaque id, a keyed permutation of its row id, so that a tenant
reads nothing of other tenants' write volume from its ids. The key is this install's, made
on first use and kept in ``install_secrets`` (one row per secret, by name).

Revision ID: 0013
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "install_secrets",
        sa.Column("name", sa.String(length=40), primary_key=True),
        sa.Column("value", sa.String(length=128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("install_secrets")
