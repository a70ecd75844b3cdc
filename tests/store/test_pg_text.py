"""The driver's statements rendered from the tables' own objects: a column list reads every
column under its own name (a time as aware UTC, a reserved name quoted), and a filter keeps
its parameters as written and its values written in, so that a statement run around
SQLAlchemy says what the SQLAlchemy one says."""

from __future__ import annotations

from daemon.gate.kinds import MemoryClass, MemoryType
from daemon.store import pg_text
from daemon.store.memory.by_section import Section, _lateral
from daemon.store.memory.filters import UNBOUNDED
from daemon.store.memory.record import seen
from daemon.store.memory.search import _pg_statement
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


def test_the_search_and_section_statements_hold_the_one_scope_filter() -> None:
    """The search statement and the sections' LATERAL statement filter on :func:`seen`
    rendered on their own parameters, not on a filter written again by hand."""
    search_scope = pg_text.condition(
        seen(*(pg_text.parameter(p) for p in ("$3", "$4", "$5::varchar[]", "$6")))
    )
    for types, classes in ((False, False), (True, True)):
        assert f"WHERE search_vector @@ $1::tsquery AND {search_scope}" in _pg_statement(
            types, classes, UNBOUNDED
        )
    one_of_two = pg_text.parameter("(CASE k.u WHEN 0 THEN $3 ELSE $4 END)")
    section_scope = pg_text.condition(
        seen(
            pg_text.parameter("$1"), pg_text.parameter("$2"), [one_of_two], pg_text.parameter("$5")
        )
    )
    assert 'memories."user" IN ((CASE k.u WHEN 0 THEN $3 ELSE $4 END))' in section_scope
    layout = (Section("Facts", MemoryClass.DURABLE, (MemoryType.PROJECT,)),)
    for users in (1, 2):
        assert f"WHERE {section_scope}" in _lateral(layout, users, 5)
