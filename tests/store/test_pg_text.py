"""The driver's statements rendered from the tables' own objects: a column list reads every
column under its own name (a time as aware UTC, a reserved name quoted), and a filter keeps
its parameters as written and its values written in, so that a statement run around
SQLAlchemy says what the SQLAlchemy one says."""

from __future__ import annotations

from daemon.store import pg_text
from daemon.store.memory.record import pg_reviewed, seen
from daemon.store.tables import session_fragments as t


def test_a_column_list_names_each_column_and_reads_times_as_utc() -> None:
    listed = pg_text.columns([t.c.id, t.c.user, t.c.at, t.c.summary])
    assert listed == "id, \"user\", at AT TIME ZONE 'UTC' AS at, summary"


def test_a_filter_keeps_its_parameters_and_writes_its_values_in() -> None:
    given = [pg_text.parameter(p) for p in ("$1", "$2", "$3::varchar[]", "$4")]
    assert pg_text.condition(seen(*given)) == (
        'memories.tenant = $1 AND memories.project = $2 AND memories."user" = '
        "ANY ($3::varchar[]) AND memories.deleted_at IS NULL AND "
        "(memories.review != 'pending' OR coalesce(memories.source_user, '') = $4)"
    )
    held_too = pg_text.condition(seen("acme", "p1", ["", "ann"], None))  # an operator's
    assert held_too == (
        "memories.tenant = 'acme' AND memories.project = 'p1' AND "
        "memories.\"user\" IN ('', 'ann') AND memories.deleted_at IS NULL"
    )


def test_the_review_filter_stands_alone_in_a_conjunction() -> None:
    """Or-ed inside, so it comes in parentheses (an ``AND`` after it binds to it alone)."""
    assert pg_reviewed("$6") == (
        "(memories.review != 'pending' OR coalesce(memories.source_user, '') = $6)"
    )
