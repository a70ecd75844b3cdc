"""source user: the user whose session wrote a memory, kept on shared memories too

A shared memory (``user`` '') says nothing of who said it; ``source_user`` records the user
of the session it came from, so that operators can see and list by it
(``memoryd memories list --source-user U``). Existing memories take it from their source
session's scope, when that session is still stored.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("memories", sa.Column("source_user", sa.String(length=200), nullable=True))
    op.execute(
        "UPDATE memories SET source_user = (SELECT NULLIF(sessions.\"user\", '') FROM sessions"
        " WHERE sessions.session_id = memories.source_session)"
        " WHERE source_session IS NOT NULL"
    )


def downgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("source_user")
