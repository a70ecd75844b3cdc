"""PostgreSQL: which transactions changed each project's memories, ``memory_changes``, kept by
triggers

The injection block's candidates of each section (``daemon.store.memory.by_section``) depend
only on the memories of a tenant's project, not on the query, and reading them was most of
the block's cost. A process keeps them with the snapshot it read them in and reuses them
while no transaction that changed the project's memories has committed since
(``daemon.store.memory.changes``). Here every transaction that writes a project's memories
adds one row (tenant, project, its transaction id) the first time it does; the row commits
or rolls back with the write, in whichever process or session made it (workers, every
``memoryd serve`` process, an operator's SQL).

A transaction id rather than a sequence: a sequence's numbers are taken in one order and
committed in another, so a reader could see number 11 while number 10's write, uncommitted
yet, was missing from its rows, and later find 11 still the largest with 10's write among
the rows. Whether a transaction is visible to a snapshot is exact, whatever the order.

Rows are only ever added by writers (no row two writers update, so they neither wait for
each other nor deadlock), and only when what the candidates read changes: inserts and
deletes by statement (their transition tables), updates by row and only when a column the
candidates read changes (never for ``last_surfaced_at``, which every block's surfacing
writes). Emptying ``memories`` (``TRUNCATE``) replaces every row with one for every project
(tenant and project NULL). Consolidation folds each project's rows into one
(``memory_changes_folded``). SQLite keeps no cache and needs none of this.

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None

#: The projects of ``{rows}`` not yet marked by this transaction, marked.
_MARK = """INSERT INTO memory_changes (tenant, project, xid)
        SELECT s.tenant, s.project, pg_current_xact_id() FROM (
            SELECT DISTINCT tenant, project FROM {rows}
        ) AS s
        WHERE NOT EXISTS (
            SELECT 1 FROM memory_changes AS c
            WHERE c.tenant = s.tenant AND c.project = s.project AND c.xid = pg_current_xact_id()
        )"""

#: What the candidates read (``daemon.store.memory.record.COLUMNS``, and ``deleted_at``):
#: an update that changes none of them (the surfacing time, a vector's state) marks nothing.
#: ``metadata`` is ``json``, which has no equality: compared as text.
_READ = (
    "id",
    "tenant",
    "project",
    '"user"',
    "type",
    "class",
    "pinned",
    "title",
    "content",
    "created_by",
    "created_at",
    "updated_at",
    "source_user",
    "source_session",
    "source_key",
    "review",
    "integrity",
    "deleted_at",
)
_CHANGED = " OR ".join(
    [f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in _READ]
    + ["OLD.metadata::text IS DISTINCT FROM NEW.metadata::text"]
)

_OLD_AND_NEW = "(VALUES (OLD.tenant, OLD.project), (NEW.tenant, NEW.project)) AS r(tenant, project)"

_STATEMENTS = (
    """CREATE TABLE memory_changes (
        tenant text,
        project text,
        xid xid8 NOT NULL
    )""",
    "CREATE INDEX ix_memory_changes ON memory_changes (tenant, project, xid)",
    f"""CREATE FUNCTION memory_changes_touched() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {_MARK.format(rows="touched")};
        RETURN NULL;
    END $$""",
    f"""CREATE FUNCTION memory_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {_MARK.format(rows=_OLD_AND_NEW)};
        RETURN NULL;
    END $$""",
    # DELETE rather than TRUNCATE: a reader whose snapshot is older still sees the rows.
    """CREATE FUNCTION memory_changes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        DELETE FROM memory_changes;
        INSERT INTO memory_changes (tenant, project, xid) VALUES (NULL, NULL, pg_current_xact_id());
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER memory_changes_truncate AFTER TRUNCATE ON memories
        FOR EACH STATEMENT EXECUTE FUNCTION memory_changes_truncated()""",
    """CREATE TRIGGER memory_changes_insert AFTER INSERT ON memories
        REFERENCING NEW TABLE AS touched
        FOR EACH STATEMENT EXECUTE FUNCTION memory_changes_touched()""",
    """CREATE TRIGGER memory_changes_delete AFTER DELETE ON memories
        REFERENCING OLD TABLE AS touched
        FOR EACH STATEMENT EXECUTE FUNCTION memory_changes_touched()""",
    f"""CREATE TRIGGER memory_changes_update AFTER UPDATE ON memories FOR EACH ROW
        WHEN ({_CHANGED})
        EXECUTE FUNCTION memory_changes_updated()""",
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for statement in _STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name in ("update", "delete", "insert", "truncate"):
        op.execute(f"DROP TRIGGER IF EXISTS memory_changes_{name} ON memories")
    for name in ("updated", "touched", "truncated"):
        op.execute(f"DROP FUNCTION IF EXISTS memory_changes_{name}()")
    op.execute("DROP TABLE IF EXISTS memory_changes")
