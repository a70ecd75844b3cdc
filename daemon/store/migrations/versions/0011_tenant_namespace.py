"""session and event ids in their tenant's namespace

The tenant becomes part of the key of the transcript tables: ``sessions`` and ``cursors``
(tenant, session_id), ``turns`` (tenant, session_id, turn) with ``event_id`` unique per
tenant, ``messages`` (tenant, session_id, message_id); runs are found by tenant and session. ``turns.digest``
holds a digest of what each turn stores, so that a re-send under a stored event id is told a
duplicate (same digest) from a clash (another); turns stored before have none, and are
compared by their message count.
The same id in two tenants is then two sessions, and a tenant that names another's session
id first takes nothing from it. Existing rows keep their tenant column as stored (every row
of a session already carries its session's tenant), so the data is carried over as it is.

SQLite rebuilds each table ("move and copy"); its partial indexes are dropped before and
created again after, with their predicates. PostgreSQL swaps the constraints in place.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# The partial indexes of the rebuilt tables: (name, table, columns, predicate).
_PARTIAL = (
    ("ix_sessions_behind", "sessions", ["last_event_at"], "last_turn > extracted_turn"),
    ("ix_sessions_late", "sessions", ["session_id"], "late_turns > 0"),
    ("ix_cursors_held", "cursors", ["updated_at"], "{true} OR breaker_until IS NOT NULL"),
)
_PARKED = {"sqlite": "parked = 1", "postgresql": "parked"}


def _drop_partial() -> None:
    for name, table, _, _ in _PARTIAL:
        op.drop_index(name, table_name=table)


def _create_partial() -> None:
    dialect = op.get_bind().dialect.name
    where = "sqlite_where" if dialect == "sqlite" else "postgresql_where"
    parked = _PARKED.get(dialect, _PARKED["postgresql"])
    for name, table, columns, predicate in _PARTIAL:
        text = predicate.replace("{true}", parked)
        op.create_index(name, table, columns, **{where: sa.text(text)})


def _rekey(table: str, columns: list[str]) -> None:
    with op.batch_alter_table(table) as batch:
        batch.drop_constraint(f"pk_{table}", type_="primary")
        batch.create_primary_key(f"pk_{table}", columns)


def upgrade() -> None:
    _drop_partial()
    _rekey("sessions", ["tenant", "session_id"])
    _rekey("cursors", ["tenant", "session_id"])
    with op.batch_alter_table("turns") as batch:
        batch.add_column(sa.Column("digest", sa.String(length=64), nullable=True))
        batch.drop_constraint("uq_turns_event_id", type_="unique")
        batch.drop_constraint("pk_turns", type_="primary")
        batch.create_primary_key("pk_turns", ["tenant", "session_id", "turn"])
        batch.create_unique_constraint("uq_turns_tenant_event_id", ["tenant", "event_id"])
    op.drop_index("ix_messages_session_id_turn_seq", table_name="messages")
    _rekey("messages", ["tenant", "session_id", "message_id"])
    op.create_index(
        "ix_messages_tenant_session_id_turn_seq",
        "messages",
        ["tenant", "session_id", "turn", "seq"],
    )
    op.drop_index("ix_runs_session_id", table_name="runs")
    op.create_index("ix_runs_tenant_session_id", "runs", ["tenant", "session_id"])
    _create_partial()


def downgrade() -> None:
    """Back to ids shared by every tenant: refused while two tenants hold the same session or
    event id (the old keys could not hold both)."""
    _drop_partial()
    op.drop_index("ix_runs_tenant_session_id", table_name="runs")
    op.create_index("ix_runs_session_id", "runs", ["session_id"])
    op.drop_index("ix_messages_tenant_session_id_turn_seq", table_name="messages")
    _rekey("messages", ["session_id", "message_id"])
    op.create_index(
        "ix_messages_session_id_turn_seq", "messages", ["session_id", "turn", "seq"]
    )
    with op.batch_alter_table("turns") as batch:
        batch.drop_constraint("uq_turns_tenant_event_id", type_="unique")
        batch.drop_constraint("pk_turns", type_="primary")
        batch.create_primary_key("pk_turns", ["session_id", "turn"])
        batch.create_unique_constraint("uq_turns_event_id", ["event_id"])
        batch.drop_column("digest")
    _rekey("cursors", ["session_id"])
    _rekey("sessions", ["session_id"])
    _create_partial()
