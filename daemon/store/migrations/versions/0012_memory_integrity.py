"""memory integrity: a tag over each memory's scope, type, title and content

Recall shows a memory only when its tag holds (docs/operations.md, "Data at rest"): an
HMAC-SHA256 under a key derived from the primary data key when one is configured
(``h1:<key id>:<hex>``), their SHA-256 otherwise (``s1:<hex>``). Existing memories are given
the SHA-256 here (a migration has no data key); ``memoryd keys rotate-data`` signs them with
the key once one is configured.

Revision ID: 0012
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from daemon.base.sealing import CLEAR

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_BATCH = 1000


def upgrade() -> None:
    op.add_column("memories", sa.Column("integrity", sa.String(length=100), nullable=True))
    bind = op.get_bind()
    m = sa.table(
        "memories",
        sa.column("id"),
        sa.column("tenant"),
        sa.column("project"),
        sa.column("user"),
        sa.column("type"),
        sa.column("title"),
        sa.column("content"),
        sa.column("integrity"),
    )
    last = None
    while True:
        query = sa.select(m.c.id, m.c.tenant, m.c.project, m.c.user, m.c.type, m.c.title, m.c.content)
        if last is not None:
            query = query.where(m.c.id > last)
        rows = bind.execute(query.order_by(m.c.id).limit(_BATCH)).all()
        if not rows:
            return
        bind.execute(
            sa.update(m).where(m.c.id == sa.bindparam("row_id")).values(integrity=sa.bindparam("tag")),
            [
                {
                    "row_id": r.id,
                    "tag": CLEAR.integrity(r.tenant, r.project, r.user, r.type, r.title, r.content),
                }
                for r in rows
            ],
        )
        last = rows[-1].id


def downgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("integrity")
