"""The SQL schema. Every table that holds user data carries the scope columns
(``tenant``, ``project``, ``user``), stored as '' when absent so that they index cleanly."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.types import TypeDecorator

metadata = sa.MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)


class UTCDateTime(TypeDecorator[datetime]):
    """Stored as naive UTC, returned as aware UTC, on every backend."""

    impl = sa.DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def _scope_columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("tenant", sa.String(200), nullable=False, server_default=""),
        sa.Column("project", sa.String(200), nullable=False),
        sa.Column("user", sa.String(200), nullable=False, server_default=""),
    ]


BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

# Session and event ids live in their tenant's namespace (revision 0011): the tenant is part
# of the key of sessions, turns, messages and cursors, so the same id in two tenants is two
# sessions and one tenant cannot claim another's.
sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    *_scope_columns(),
    sa.Column("first_seen_at", UTCDateTime(), nullable=False),
    sa.Column("last_event_at", UTCDateTime(), nullable=False),
    sa.Column("last_turn", sa.Integer(), nullable=False),
    # The cursor's turn (-1 before the first extraction), written with it (revision 0004).
    sa.Column("extracted_turn", sa.Integer(), nullable=False, server_default="-1"),
    sa.Column("ended", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("host_system_prompt", sa.Text(), nullable=True),
    sa.Column("host_tools", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("agent", sa.JSON(none_as_null=True), nullable=True),
    # Turns stored after extraction had passed them (revision 0005): counted, never extracted.
    sa.Column("late_turns", sa.Integer(), nullable=False, server_default="0"),
    # The time zone the session's events last named (revision 0010).
    sa.Column("timezone", sa.String(64), nullable=True),
    sa.PrimaryKeyConstraint("tenant", "session_id"),
)

turns = sa.Table(
    "turns",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("turn", sa.Integer(), nullable=False),
    *_scope_columns(),
    sa.Column("event_id", sa.String(200), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.Column("received_at", UTCDateTime(), nullable=False),
    sa.Column("message_count", sa.Integer(), nullable=False),
    sa.Column("main_agent_saved", sa.Boolean(), nullable=False),
    sa.Column("memory_writes", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("summary", sa.Text(), nullable=True),
    sa.Column("redactions", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("spilled", sa.Integer(), nullable=False, server_default="0"),
    # The time zone the event named, and the UTC offset of its ``at`` in minutes (``at`` is
    # stored in UTC): what the turn's relative dates are read in (revision 0010).
    sa.Column("timezone", sa.String(64), nullable=True),
    sa.Column("at_offset", sa.Integer(), nullable=True),
    # A digest of what the turn stores (revision 0011): a re-send under its event id or turn
    # number is a duplicate when it matches, a dead letter naming the clash when it does not.
    sa.Column("digest", sa.String(64), nullable=True),
    sa.PrimaryKeyConstraint("tenant", "session_id", "turn"),
    sa.UniqueConstraint("tenant", "event_id"),
)
sa.Index("ix_turns_received_at", turns.c.received_at)

messages = sa.Table(
    "messages",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("message_id", sa.String(200), nullable=False),
    *_scope_columns(),
    sa.Column("turn", sa.Integer(), nullable=False),
    sa.Column("seq", sa.Integer(), nullable=False),
    sa.Column("role", sa.String(20), nullable=False),
    sa.Column("content", sa.Text(), nullable=True),
    sa.Column("tool_calls", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("tool_call_id", sa.String(200), nullable=True),
    sa.Column("name", sa.String(200), nullable=True),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("tenant", "session_id", "message_id"),
)
sa.Index(
    "ix_messages_tenant_session_id_turn_seq",
    messages.c.tenant,
    messages.c.session_id,
    messages.c.turn,
    messages.c.seq,
)

cursors = sa.Table(
    "cursors",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    *_scope_columns(),
    sa.Column("turn", sa.Integer(), nullable=True),
    sa.Column("message_id", sa.String(200), nullable=True),
    sa.Column("version", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("breaker_until", UTCDateTime(), nullable=True),
    sa.Column("parked", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("parked_reason", sa.Text(), nullable=True),
    sa.Column("gaps_skipped", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("tenant", "session_id"),
)

# Turns in which the main agent wrote memories through memoryd's own tools (revision 0008),
# recorded when the call names its session and turn: the extraction guard skips them as it
# does turns whose event lists ``memory_writes``, when the call's scope is the session's.
agent_turns = sa.Table(
    "agent_turns",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("turn", sa.Integer(), nullable=False),
    *_scope_columns(),
    sa.Column("at", UTCDateTime(), nullable=False),
    # The scope is part of the key: a call of another scope naming this session records
    # its own row, which the guard ignores, and cannot take the place of this scope's.
    sa.PrimaryKeyConstraint("session_id", "turn", "tenant", "project", "user"),
)

memories = sa.Table(
    "memories",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=True),
    *_scope_columns(),
    sa.Column("type", sa.String(20), nullable=False),
    sa.Column("class", sa.String(20), nullable=False, server_default="durable"),
    sa.Column("pinned", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("title", sa.String(300), nullable=False),
    sa.Column("content", sa.Text(), nullable=False),
    sa.Column("content_hash", sa.String(64), nullable=False),
    sa.Column("source_session", sa.String(200), nullable=True),
    # The user whose session wrote the memory last, shared ones included (revision 0006).
    sa.Column("source_user", sa.String(200), nullable=True),
    sa.Column("source_turns", sa.String(100), nullable=True),
    sa.Column("source_run", BigId, nullable=True),
    # The agent key that wrote the memory, when an agent did (revision 0009).
    sa.Column("source_key", sa.String(40), nullable=True),
    sa.Column("created_by", sa.String(100), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.Column("expires_at", UTCDateTime(), nullable=True),
    sa.Column("last_surfaced_at", UTCDateTime(), nullable=True),
    sa.Column("deleted_at", UTCDateTime(), nullable=True),
    sa.Column("deleted_reason", sa.Text(), nullable=True),
    # The operators' review (:class:`~daemon.gate.kinds.Review`, revision 0009).
    sa.Column("review", sa.String(20), nullable=False, server_default="none"),
    sa.Column("reviewed_by", sa.String(200), nullable=True),
    sa.Column("reviewed_at", UTCDateTime(), nullable=True),
    # A tag over scope, type, title and content that recall verifies: an HMAC under the data
    # key, or a SHA-256 without one (daemon.base.sealing; revision 0012).
    sa.Column("integrity", sa.String(100), nullable=True),
    # Since when the memory says what it says now (revision 0015): its creation, or the
    # last write that replaced its content (the version before is in ``memory_versions``).
    # NULL reads as ``created_at``.
    sa.Column("valid_from", UTCDateTime(), nullable=True),
    # Written without a near-duplicate check: the embedding job makes it once the memory
    # has a vector (revision 0018; daemon.store.memory.dedup).
    sa.Column("dedup_pending", sa.Boolean(), nullable=False, server_default=sa.false()),
    # A removed memory: the memory that took its place (a near-duplicate it went into, the
    # fact an extraction wrote in its stead; revision 0018).
    sa.Column("replaced_by", BigId, nullable=True),
    # The writer's free-form metadata (revision 0021; daemon.gate.metadata): a flat object
    # of scalars, NULL when there is none. Filters read it by key, inside the scope filter.
    sa.Column("metadata", sa.JSON(none_as_null=True), nullable=True),
    sa.CheckConstraint("type IN ('project', 'user', 'decision')", name="type"),
    sa.CheckConstraint("class IN ('priority', 'durable', 'working')", name="class"),
)
sa.Index("ix_memories_scope", memories.c.tenant, memories.c.project, memories.c.user)
# The review queue: the few memories waiting for an operator.
sa.Index(
    "ix_memories_pending",
    memories.c.tenant,
    memories.c.project,
    sqlite_where=memories.c.review == "pending",
    postgresql_where=memories.c.review == "pending",
)
# A live memory is unique by scope, type and normalized content: concurrent runs in one
# scope cannot both insert the same fact.
sa.Index(
    "uq_memories_live_hash",
    memories.c.tenant,
    memories.c.project,
    memories.c.user,
    memories.c.type,
    memories.c.content_hash,
    unique=True,
    sqlite_where=memories.c.deleted_at.is_(None),
    postgresql_where=memories.c.deleted_at.is_(None),
)

# A memory's vectors (revision 0017), one per embedding space ("<provider>:<model>:<dims>"):
# the vector as float32 little-endian bytes (every backend reads them), the digest of the
# text embedded (a memory whose title or content changed since is pending again), the scope
# copied from the memory so that a nearest-neighbour query filters by scope inside the index
# scan. The vectors go with their memory (ON DELETE CASCADE: a purge, an erasure).
memory_vectors = sa.Table(
    "memory_vectors",
    metadata,
    sa.Column(
        "memory_id",
        BigId,
        sa.ForeignKey("memories.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("space", sa.String(200), nullable=False),
    *_scope_columns(),
    sa.Column("dims", sa.Integer(), nullable=False),
    sa.Column("vector", sa.LargeBinary(), nullable=False),
    sa.Column("digest", sa.String(64), nullable=False),
    # The memory's ``updated_at`` when its text was read: a later write makes it pending
    # again (and the digest tells whether the text itself changed).
    sa.Column("memory_updated_at", UTCDateTime(), nullable=False),
    sa.Column("embedded_at", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("memory_id", "space"),
)
sa.Index(
    "ix_memory_vectors_scope_space",
    memory_vectors.c.tenant,
    memory_vectors.c.project,
    memory_vectors.c.space,
)
sa.Index("ix_memory_vectors_space", memory_vectors.c.space)

# Windows of earlier sessions for session recall (revision 0019;
# daemon/store/transcripts/fragments.py owns the table): one row per window of a session's
# turns (up to and including a compaction, or a fixed number of turns), its summary and its
# turns' text (sealed at rest like the transcript), and its vector of one embedding space
# (NULL until a worker embeds it; ``embedded_digest`` is the digest of the text embedded).
session_fragments = sa.Table(
    "session_fragments",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=True),
    *_scope_columns(),
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("first_turn", sa.Integer(), nullable=False),
    sa.Column("last_turn", sa.Integer(), nullable=False),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.Column("summary", sa.Text(), nullable=True),
    sa.Column("turns", sa.Text(), nullable=False),
    sa.Column("digest", sa.String(64), nullable=False),
    sa.Column("space", sa.String(200), nullable=True),
    sa.Column("dims", sa.Integer(), nullable=True),
    sa.Column("vector", sa.LargeBinary(), nullable=True),
    sa.Column("embedded_digest", sa.String(64), nullable=True),
    sa.Column("embedded_at", UTCDateTime(), nullable=True),
    sa.Column("built_at", UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(
        ["tenant", "session_id"],
        ["sessions.tenant", "sessions.session_id"],
        name="fk_session_fragments_tenant_sessions",
        ondelete="CASCADE",
    ),
    sa.UniqueConstraint("tenant", "session_id", "first_turn"),
)
sa.Index(
    "ix_session_fragments_scope_at",
    session_fragments.c.tenant,
    session_fragments.c.project,
    session_fragments.c.at,
)
sa.Index("ix_session_fragments_at", session_fragments.c.at)

# The rolling structured summary of each session (revision 0020;
# daemon/store/transcripts/summaries.py owns the table): one row per session, the summary's
# state as JSON (sealed at rest like the transcript), the last turn it covers, and when it
# was last written. It goes with its session (ON DELETE CASCADE, and every erasure names it).
session_summaries = sa.Table(
    "session_summaries",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    *_scope_columns(),
    sa.Column("state", sa.Text(), nullable=False),
    sa.Column("through_turn", sa.Integer(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(
        ["tenant", "session_id"],
        ["sessions.tenant", "sessions.session_id"],
        name="fk_session_summaries_tenant_sessions",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("tenant", "session_id"),
)
sa.Index("ix_session_summaries_updated_at", session_summaries.c.updated_at)

# What is left of a turn deleted before its retention window passed (revision 0022;
# daemon/store/transcripts/forgotten.py owns the table): no text, only what recognises its
# event if it is delivered again, until the window has passed since it was received.
forgotten_turns = sa.Table(
    "forgotten_turns",
    metadata,
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("turn", sa.Integer(), nullable=False),
    *_scope_columns(),
    sa.Column("event_id", sa.String(200), nullable=False),
    sa.Column("message_count", sa.Integer(), nullable=False),
    sa.Column("digest", sa.String(64), nullable=True),
    sa.Column("received_at", UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(
        ["tenant", "session_id"],
        ["sessions.tenant", "sessions.session_id"],
        name="fk_forgotten_turns_tenant_sessions",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("tenant", "session_id", "turn"),
)
sa.Index("ix_forgotten_turns_received_at", forgotten_turns.c.received_at)
sa.Index("ix_forgotten_turns_event", forgotten_turns.c.tenant, forgotten_turns.c.event_id)

memory_history = sa.Table(
    "memory_history",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=True),
    sa.Column("memory_id", BigId, nullable=False),
    *_scope_columns(),
    sa.Column("action", sa.String(20), nullable=False),
    sa.Column("actor", sa.String(20), nullable=False),
    sa.Column("actor_id", sa.String(200), nullable=True),
    sa.Column("reason", sa.Text(), nullable=True),
    sa.Column("old", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("new", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("at", UTCDateTime(), nullable=False),
)
sa.Index("ix_memory_history_memory_id", memory_history.c.memory_id)

# Superseded versions (revision 0015; daemon/store/memory/versions.py owns the table): what a
# memory said before a write replaced it, true over [valid_from, valid_to), with the memory
# that replaced it (itself, for an update in place; the kept one, for a merge), who and why.
# Recall never reads this table: only ``as_of`` reads and the timeline do.
memory_versions = sa.Table(
    "memory_versions",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=True),
    sa.Column("memory_id", BigId, nullable=False),
    *_scope_columns(),
    sa.Column("type", sa.String(20), nullable=False),
    sa.Column("class", sa.String(20), nullable=False),
    sa.Column("pinned", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("title", sa.String(300), nullable=False),
    sa.Column("content", sa.Text(), nullable=False),
    sa.Column("created_by", sa.String(100), nullable=False),
    sa.Column("source_user", sa.String(200), nullable=True),
    sa.Column("source_session", sa.String(200), nullable=True),
    sa.Column("source_key", sa.String(40), nullable=True),
    sa.Column("review", sa.String(20), nullable=False, server_default="none"),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("valid_from", UTCDateTime(), nullable=False),
    sa.Column("valid_to", UTCDateTime(), nullable=False),
    sa.Column("superseded_by", BigId, nullable=True),
    sa.Column("action", sa.String(20), nullable=False),
    sa.Column("actor", sa.String(20), nullable=False),
    sa.Column("actor_id", sa.String(200), nullable=True),
    sa.Column("reason", sa.Text(), nullable=True),
    # The memory's tag over scope, type, title and content (daemon.base.sealing), verified
    # by every reader of a version like a memory's.
    sa.Column("integrity", sa.String(100), nullable=True),
    # The memory's metadata then (revision 0021).
    sa.Column("metadata", sa.JSON(none_as_null=True), nullable=True),
)

sa.Index("ix_memory_versions_memory_id", memory_versions.c.memory_id, memory_versions.c.valid_to)
sa.Index(
    "ix_memory_versions_scope",
    memory_versions.c.tenant,
    memory_versions.c.project,
    memory_versions.c.user,
    memory_versions.c.valid_to,
)
sa.Index("ix_memory_versions_valid_to", memory_versions.c.valid_to)

runs = sa.Table(
    "runs",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=True),
    sa.Column("session_id", sa.String(200), nullable=False),
    *_scope_columns(),
    sa.Column("extractor", sa.String(50), nullable=False),
    sa.Column("outcome", sa.String(20), nullable=False),
    sa.Column("from_turn", sa.Integer(), nullable=True),
    sa.Column("to_turn", sa.Integer(), nullable=True),
    sa.Column("messages", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("guarded_turns", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("gaps_skipped", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("model_calls", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("prompt_tokens", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("completion_tokens", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("cached_tokens", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("tool_calls", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("created", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("updated", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("deleted", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("refused", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("refusals", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("attempt", sa.Integer(), nullable=False, server_default="1"),
    sa.Column("worker", sa.String(200), nullable=True),
    sa.Column("error", sa.Text(), nullable=True),
    sa.Column("started_at", UTCDateTime(), nullable=False),
    sa.Column("finished_at", UTCDateTime(), nullable=False),
    sa.Column("duration_ms", sa.Integer(), nullable=False),
)
sa.Index("ix_runs_tenant_session_id", runs.c.tenant, runs.c.session_id)
sa.Index("ix_runs_finished_at", runs.c.finished_at)

# Usage (revision 0014): what extraction spent and wrote per tenant, project, UTC day and
# run outcome, counted in the transaction that records each run (daemon/store/usage.py owns
# both tables); pruning ``runs`` leaves it. A tenant's optional daily token budget.
BigCount = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
usage_daily = sa.Table(
    "usage_daily",
    metadata,
    sa.Column("tenant", sa.String(200), primary_key=True),
    sa.Column("project", sa.String(200), primary_key=True),
    sa.Column("day", sa.Date(), primary_key=True),
    sa.Column("outcome", sa.String(20), primary_key=True),
    *(
        sa.Column(name, BigCount, nullable=False, server_default="0")
        for name in (
            "runs",
            "model_calls",
            "prompt_tokens",
            "completion_tokens",
            "cached_tokens",
            "memories_written",
        )
    ),
)
sa.Index("ix_usage_daily_day", usage_daily.c.day)

usage_budgets = sa.Table(
    "usage_budgets",
    metadata,
    sa.Column("tenant", sa.String(200), primary_key=True),
    sa.Column("daily_tokens", BigCount, nullable=False),
    sa.Column("mode", sa.String(10), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.CheckConstraint("mode IN ('soft', 'hard')", name="mode"),
)

jobs_state = sa.Table(
    "scheduled_jobs",
    metadata,
    sa.Column("name", sa.String(100), primary_key=True),
    sa.Column("last_started_at", UTCDateTime(), nullable=True),
    sa.Column("last_finished_at", UTCDateTime(), nullable=True),
    sa.Column("outcome", sa.String(20), nullable=True),
    sa.Column("counts", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("error", sa.Text(), nullable=True),
)

# Recall (revision 0002): the injection block reads the live memories of a scope section by
# section (class, type), pinned first, newest first. Full-text search lives outside this
# metadata: PostgreSQL's generated ``memories.search_vector`` column and SQLite's FTS5 table
# ``memories_fts`` (see daemon/store/memory/search.py).
sa.Index(
    "ix_memories_recall",
    memories.c.tenant,
    memories.c.project,
    memories.c.user,
    memories.c["class"],
    memories.c.type,
    memories.c.pinned,
    memories.c.updated_at,
    sqlite_where=memories.c.deleted_at.is_(None),
    postgresql_where=memories.c.deleted_at.is_(None),
)

# Maintenance (daemon/maintenance): partial indexes holding only the rows a consolidation
# step may change, so each step reads what it affects, not the whole store. Predicates use
# literals (never bound parameters) so that the planner can match them.
_live_unpinned = sa.and_(memories.c.deleted_at.is_(None), sa.not_(memories.c.pinned))
_expiring = sa.and_(_live_unpinned, memories.c.expires_at.is_not(None))
_idle_working = sa.and_(_live_unpinned, memories.c["class"] == sa.literal_column("'working'"))
_compaction = sa.and_(_live_unpinned, memories.c.created_by == sa.literal_column("'compaction'"))
_tombstone = memories.c.deleted_at.is_not(None)
sa.Index(
    "ix_memories_expiry",
    memories.c.expires_at,
    postgresql_where=_expiring,
    sqlite_where=_expiring,
)
sa.Index(
    "ix_memories_working_idle",
    sa.func.coalesce(memories.c.last_surfaced_at, memories.c.updated_at),
    postgresql_where=_idle_working,
    sqlite_where=_idle_working,
)
sa.Index(
    "ix_memories_compaction",
    memories.c.tenant,
    memories.c.project,
    memories.c.user,
    memories.c.created_at,
    postgresql_where=_compaction,
    sqlite_where=_compaction,
)
sa.Index(
    "ix_memories_tombstones",
    memories.c.deleted_at,
    postgresql_where=_tombstone,
    sqlite_where=_tombstone,
)

# Backlog (revision 0004): the sessions behind their cursor, and the cursors a breaker or
# parking holds, each a partial index of just those rows (status and the sweep read them).
BEHIND = sessions.c.last_turn > sessions.c.extracted_turn
HELD = sa.or_(cursors.c.parked, cursors.c.breaker_until.is_not(None))
# Sessions with turns stored behind their cursor (revision 0005), read by the status.
LATE = sessions.c.late_turns > 0
sa.Index("ix_sessions_late", sessions.c.session_id, postgresql_where=LATE, sqlite_where=LATE)
# A scope's latest sessions (revision 0023): the host prompts a save naming no session is
# read against (daemon.store.transcripts.agent_turns.recent_prompts).
sa.Index(
    "ix_sessions_scope_recent", sessions.c.tenant, sessions.c.project, sessions.c.last_event_at
)


def breaker_open(now: datetime) -> sa.ColumnElement[bool]:
    """The session's breaker is open at ``now``."""
    return sa.and_(cursors.c.breaker_until.is_not(None), cursors.c.breaker_until > now)


sa.Index(
    "ix_sessions_behind", sessions.c.last_event_at, postgresql_where=BEHIND, sqlite_where=BEHIND
)
sa.Index("ix_cursors_held", cursors.c.updated_at, postgresql_where=HELD, sqlite_where=HELD)

# Tenant keys of ``memoryd serve`` (revision 0007): only a hash of each key is kept; the key
# itself is shown once, when it is created (daemon/store/api_keys.py owns this table).
api_keys = sa.Table(
    "api_keys",
    metadata,
    sa.Column("key_id", sa.String(40), primary_key=True),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("tenant", sa.String(200), nullable=False),
    sa.Column("projects", sa.JSON(), nullable=False),
    sa.Column("user", sa.String(200), nullable=True),
    sa.Column("role", sa.String(20), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("revoked_at", UTCDateTime(), nullable=True),
    sa.CheckConstraint("role IN ('reader', 'host', 'agent', 'admin')", name="role"),
)

# Secrets of this install (revision 0013), one row each, made on first use: ``memory_ids`` is
# the key that turns memory ids into the opaque ids the API shows (daemon/store/public_ids.py
# owns this table).
install_secrets = sa.Table(
    "install_secrets",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(128), nullable=False),
)
