"""recall search (full-text indexes)

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

PostgreSQL: a stored generated ``search_vector`` column on ``memories`` (title weighted A,
content B, English stemming) with a GIN index; ranked with ``ts_rank``.
SQLite: an external-content FTS5 table ``memories_fts`` (porter stemming) kept in sync by
triggers on ``memories``; ranked with ``bm25``. Note for later SQLite migrations: a batch
("move and copy") rebuild of ``memories`` drops these triggers; recreate them with
``create_sqlite_fts_triggers``.

Both: ``ix_memories_recall`` on the live memories of a scope by class, type, pinned and
recency, which the injection block's sections read.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_PG_VECTOR = (
    "setweight(to_tsvector('english', coalesce(title, '')), 'A') || "
    "setweight(to_tsvector('english', coalesce(content, '')), 'B')"
)

_SQLITE_TRIGGERS = (
    """CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
        INSERT INTO memories_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
    END""",
    """CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
        INSERT INTO memories_fts(memories_fts, rowid, title, content)
        VALUES ('delete', old.id, old.title, old.content);
    END""",
    """CREATE TRIGGER memories_fts_update AFTER UPDATE OF title, content ON memories BEGIN
        INSERT INTO memories_fts(memories_fts, rowid, title, content)
        VALUES ('delete', old.id, old.title, old.content);
        INSERT INTO memories_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
    END""",
)


def create_sqlite_fts_triggers() -> None:
    for statement in _SQLITE_TRIGGERS:
        op.execute(statement)


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    live = sa.text("deleted_at IS NULL")
    op.create_index(
        "ix_memories_recall",
        "memories",
        ["tenant", "project", "user", "class", "type", "pinned", "updated_at"],
        sqlite_where=live,
        postgresql_where=live,
    )
    if dialect == "postgresql":
        # Room on each page for HOT updates: marking memories as surfaced then touches no
        # index (the GIN one above all).
        op.execute("ALTER TABLE memories SET (fillfactor = 80)")
        op.execute(
            f"ALTER TABLE memories ADD COLUMN search_vector tsvector "
            f"GENERATED ALWAYS AS ({_PG_VECTOR}) STORED"
        )
        op.execute(
            "CREATE INDEX ix_memories_search_vector ON memories USING gin (search_vector) "
            "WITH (fastupdate = off)"  # searches never wade through a pending list
        )
    elif dialect == "sqlite":
        op.execute(
            "CREATE VIRTUAL TABLE memories_fts USING fts5(title, content, "
            "content='memories', content_rowid='id', tokenize='porter unicode61')"
        )
        op.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
        create_sqlite_fts_triggers()


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_memories_search_vector")
        op.execute("ALTER TABLE memories DROP COLUMN IF EXISTS search_vector")
        op.execute("ALTER TABLE memories RESET (fillfactor)")
    elif dialect == "sqlite":
        for name in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS memories_fts_{name}")
        op.execute("DROP TABLE IF EXISTS memories_fts")
    op.drop_index("ix_memories_recall", table_name="memories")
