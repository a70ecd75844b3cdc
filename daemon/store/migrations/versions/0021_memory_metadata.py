"""memory metadata: a writer's free-form metadata on a memory and on its versions

``memories.metadata`` holds the flat object of scalars a writer attached to a memory
(``daemon.gate.metadata``), NULL when there is none (every memory written before this
revision); ``memory_versions.metadata`` keeps it with each superseded version. JSON on both
backends (``json`` on PostgreSQL, text on SQLite): list and search filters read a key of it
(``->>`` / ``json_extract``) inside the scope filter, so no index is added.

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

_TABLES = ("memories", "memory_versions")


def upgrade() -> None:
    for table in _TABLES:
        op.add_column(table, sa.Column("metadata", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("metadata")
