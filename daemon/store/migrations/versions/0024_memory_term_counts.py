"""PostgreSQL: each scope's document counts, ``memory_term_counts``, kept by triggers

A search matches on the query's rarest words in the searching scope (``daemon.store.memory.
frequency``), so each word new to a process was counted in the memories the scope sees: a
statement per query reading up to 1,001 matching rows a word (7.5 ms a query of the serve
bench at 100,000 memories, four times its search). Here the counts are kept as they change:
one row per tenant, project, user (``''``: the project's shared memories) and lexeme says by
how many memories the count moved, and a count is the sum of its rows (an index range each).

Only live memories not held for review are counted (a held one is seen by its author alone
and stays out of the counts, which only choose what a search matches on). Rows are only ever
added by writers (a statement adds one row a key it changes, never updating another's), so
writers of the same scope never wait for each other nor deadlock over a shared word;
consolidation folds each key's rows into one (``daemon.store.memory.term_counts``). Inserts
and deletes are counted by statement (their transition tables), updates by row and only
when what is counted changes (the text, the scope, deleted or held); emptying ``memories``
(``TRUNCATE``) empties the counts. Existing memories are
counted here, after the triggers exist, in the migration's own transaction (7 s at 100,000
memories: 139,697 rows, 21 MB). What writers pay: a statement inserting 2,000 memories spent
0.5 s in the trigger beside 1.8 s for the insert itself. SQLite counts
its own postings (revision 0016) and needs none of this.

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-28
"""

from __future__ import annotations

from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

#: What a memory row adds to the counts (``{sign}`` 1 or -1) from rows ``{rows}``.
_COUNTED = """SELECT r.tenant, r.project, r."user", l.lexeme, {sign} AS docs
    FROM {rows} AS r CROSS JOIN LATERAL unnest(tsvector_to_array(r.search_vector)) AS l(lexeme)
    WHERE r.deleted_at IS NULL AND r.review <> 'pending'"""

_ADD = """INSERT INTO memory_term_counts (tenant, project, "user", lexeme, docs)
    SELECT tenant, project, "user", lexeme, sum(docs) FROM ({rows}) AS moved
    GROUP BY tenant, project, "user", lexeme HAVING sum(docs) <> 0"""

#: What an updated row moves: its old self out, its new self in.
_MOVED = (
    _COUNTED.format(sign=-1, rows="(SELECT OLD.*)")
    + " UNION ALL "
    + _COUNTED.format(sign=1, rows="(SELECT NEW.*)")
)

_STATEMENTS = (
    """CREATE TABLE memory_term_counts (
        tenant text NOT NULL,
        project text NOT NULL,
        "user" text NOT NULL,
        lexeme text NOT NULL,
        docs integer NOT NULL
    )""",
    """CREATE INDEX ix_memory_term_counts ON memory_term_counts
        (tenant, project, lexeme, "user") INCLUDE (docs)""",
    f"""CREATE FUNCTION memory_term_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {_ADD.format(rows=_COUNTED.format(sign=1, rows="added"))};
        RETURN NULL;
    END $$""",
    f"""CREATE FUNCTION memory_term_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {_ADD.format(rows=_COUNTED.format(sign=-1, rows="removed"))};
        RETURN NULL;
    END $$""",
    f"""CREATE FUNCTION memory_term_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {_ADD.format(rows=_MOVED)};
        RETURN NULL;
    END $$""",
    """CREATE FUNCTION memory_term_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        TRUNCATE memory_term_counts;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER memory_term_counts_truncate AFTER TRUNCATE ON memories
        FOR EACH STATEMENT EXECUTE FUNCTION memory_term_counts_truncated()""",
    """CREATE TRIGGER memory_term_counts_insert AFTER INSERT ON memories
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION memory_term_counts_inserted()""",
    """CREATE TRIGGER memory_term_counts_delete AFTER DELETE ON memories
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION memory_term_counts_deleted()""",
    """CREATE TRIGGER memory_term_counts_update AFTER UPDATE ON memories FOR EACH ROW
        WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector
            OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
            OR OLD.review IS DISTINCT FROM NEW.review
            OR OLD.tenant IS DISTINCT FROM NEW.tenant
            OR OLD.project IS DISTINCT FROM NEW.project
            OR OLD."user" IS DISTINCT FROM NEW."user")
        EXECUTE FUNCTION memory_term_counts_updated()""",
    _ADD.format(rows=_COUNTED.format(sign=1, rows="memories")),
    "ANALYZE memory_term_counts",
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for statement in _STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS memory_term_counts_update ON memories")
    op.execute("DROP TRIGGER IF EXISTS memory_term_counts_delete ON memories")
    op.execute("DROP TRIGGER IF EXISTS memory_term_counts_insert ON memories")
    op.execute("DROP TRIGGER IF EXISTS memory_term_counts_truncate ON memories")
    for name in ("updated", "deleted", "inserted", "truncated"):
        op.execute(f"DROP FUNCTION IF EXISTS memory_term_counts_{name}()")
    op.execute("DROP TABLE IF EXISTS memory_term_counts")
