"""SQLite: each scope's search index, ``memory_terms``, kept by triggers on ``memories``

Search ranks a scope's matches with BM25 over the scope. Counting a term in each matching
memory's text at query time (Python stemming over every candidate) cost 60 ms a search at
20,000 memories, and FTS5's posting lists are the whole store's, so a search also read every
other tenant's matches. ``memory_terms`` holds one row per live memory and stem, keyed by
tenant, project and stem first: a search reads only its own project's postings, and each
row carries what ranking needs (the term's count in the title and in the content, the
memory's length in tokens) and what visibility needs (the user, whose review holds it, the
type and class), so a search reads no memory row but those it returns.

Triggers fill it: the terms are counted by the store's ``memory_index_terms`` SQL function
(daemon/store/stems.py, registered on every connection). A memory deleted (``deleted_at``
set) leaves it. Existing memories are indexed here. PostgreSQL ranks with ``ts_rank`` of the
memory alone and needs none of this. Note for later SQLite migrations: a batch ("move and
copy") rebuild of ``memories`` drops these triggers; recreate them with
``create_sqlite_term_triggers``.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_ROWS = """INSERT INTO memory_terms
    SELECT {m}.tenant, {m}.project, j.key, {m}.id, {m}."user",
        CASE WHEN {m}.review = 'pending' THEN coalesce({m}.source_user, '') END,
        {m}.type, {m}."class",
        json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'),
        json_extract(j.value, '$[2]')
    FROM {source}json_each(memory_index_terms({m}.title, {m}.content)) AS j"""

_TRIGGERS = (
    f"""CREATE TRIGGER memory_terms_insert AFTER INSERT ON memories
    WHEN new.deleted_at IS NULL BEGIN
        {_ROWS.format(m="new", source="")};
    END""",
    """CREATE TRIGGER memory_terms_delete AFTER DELETE ON memories BEGIN
        DELETE FROM memory_terms WHERE memory_id = old.id;
    END""",
    f"""CREATE TRIGGER memory_terms_update AFTER UPDATE OF tenant, project, "user", title,
    content, deleted_at, review, source_user, type, "class" ON memories BEGIN
        DELETE FROM memory_terms WHERE memory_id = old.id;
        {_ROWS.format(m="new", source="")} WHERE new.deleted_at IS NULL;
    END""",
)


def create_sqlite_term_triggers() -> None:
    for statement in _TRIGGERS:
        op.execute(statement)


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    op.execute(
        """CREATE TABLE memory_terms (
            tenant VARCHAR(200) NOT NULL,
            project VARCHAR(200) NOT NULL,
            term TEXT NOT NULL,
            memory_id INTEGER NOT NULL,
            "user" VARCHAR(200) NOT NULL,
            held_for VARCHAR(200),
            type VARCHAR(20) NOT NULL,
            "class" VARCHAR(20) NOT NULL,
            title_tf INTEGER NOT NULL,
            content_tf INTEGER NOT NULL,
            length INTEGER NOT NULL,
            PRIMARY KEY (tenant, project, term, memory_id)
        ) WITHOUT ROWID"""
    )
    op.execute("CREATE INDEX ix_memory_terms_memory ON memory_terms (memory_id)")
    op.execute(
        _ROWS.format(m="memories", source="memories, ") + " WHERE memories.deleted_at IS NULL"
    )
    create_sqlite_term_triggers()


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for name in ("insert", "delete", "update"):
        op.execute(f"DROP TRIGGER IF EXISTS memory_terms_{name}")
    op.execute("DROP TABLE IF EXISTS memory_terms")
