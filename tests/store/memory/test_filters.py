"""A search's filters of time, source session, author and metadata, inside the keyword
ranking on both backends and inside the nearest-neighbour query on every vector backend:
``*_after`` inclusive, ``*_before`` exclusive, metadata values compared as text (AND across
keys), combined with types and classes, and the statements cached by which bounds are set."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.store.db import Store
from daemon.store.memory.filters import BOUNDS, UNBOUNDED, SearchFilter, pg_sql
from daemon.store.memory.frequency import TermStats
from daemon.store.memory.nearest import nearest
from daemon.store.memory.search import search
from tests.maintenance.helpers import DAY, T0, add
from tests.store.memory.vector_helpers import SPACE, put

P1 = ScopeKey(project="p1")


async def _seed(store: Store) -> tuple[int, int]:
    old = await add(
        store,
        "Deploys freeze on Fridays.",
        created_at=T0 - 10 * DAY,
        source_session="s-old",
        source_user="alice",
        metadata={"team": "core", "n": 3, "done": True, "dotted.key": "a:b"},
    )
    new = await add(
        store,
        "Deploys run from the main branch.",
        created_at=T0 - DAY,
        updated_at=T0,
        source_session="s-new",
        source_user="bob",
        type="decision",
        metadata={"team": "core", "n": "4"},
    )
    # Another project's memory with the same metadata: never found from P1.
    await add(store, "Deploys are paused.", project="p2", metadata={"team": "core", "n": 3})
    return old, new


CASES: list[tuple[dict[str, Any], str]] = [
    ({}, "both"),
    ({"created_after": T0 - 2 * DAY}, "new"),
    ({"created_after": T0 - DAY}, "new"),  # inclusive
    ({"created_before": T0 - DAY}, "old"),  # exclusive
    ({"updated_after": T0 - timedelta(hours=1)}, "new"),
    ({"updated_before": T0}, "old"),
    ({"source_session": "s-old"}, "old"),
    ({"source_session": "s-none"}, "none"),
    ({"types": ["decision"], "created_before": T0 - 2 * DAY}, "none"),
    ({"types": ["project"], "source_session": "s-old"}, "old"),
    ({"metadata": (("team", "core"),)}, "both"),
    ({"metadata": (("n", "3"),)}, "old"),  # the number 3 as text
    ({"metadata": (("n", "4"),)}, "new"),  # the string "4"
    ({"metadata": (("done", "true"), ("team", "core"))}, "old"),
    ({"metadata": (("dotted.key", "a:b"),)}, "old"),
    ({"metadata": (("team", "edge"),)}, "none"),
    ({"metadata": (("missing", "core"),)}, "none"),
    ({"metadata": (("team", "core"),), "source_session": "s-new"}, "new"),
    ({"author": "alice"}, "old"),
    ({"author": "bob", "types": ["decision"]}, "new"),
    ({"author": "carol"}, "none"),
    ({"author": "alice", "source_session": "s-new"}, "none"),
]


def _expected(which: str, old: int, new: int) -> set[int]:
    return {"both": {old, new}, "old": {old}, "new": {new}, "none": set()}[which]


async def test_the_keyword_ranking_applies_every_bound(runtime: Container) -> None:
    old, new = await _seed(runtime.store)
    for given, which in CASES:
        async with runtime.store.connect() as conn:
            found = await search(
                conn, "deploys", P1, SearchFilter(**given), TermStats(FakeClock(T0))
            )
        assert {m.id for m in found} == _expected(which, old, new), given


async def test_the_nearest_query_applies_every_bound(vector_store: Store) -> None:
    old, new = await _seed(vector_store)
    await put(vector_store, {old: [1.0, 0.0, 0.0, 0.0], new: [0.9, 0.1, 0.0, 0.0]})
    for given, which in CASES:
        async with vector_store.connect() as conn:
            found = await nearest(conn, P1, SPACE, [1.0, 0.0, 0.0, 0.0], SearchFilter(**given))
        assert {m.id for m in found} == _expected(which, old, new), given


def test_a_filter_names_the_bounds_it_sets() -> None:
    where = SearchFilter(created_after=T0, source_session="s")
    assert where.shape() == (True, False, False, False, True, False, 0)
    assert where.bounds() == {"created_after": T0, "source_session": "s"}
    assert where.naive_bounds() == [T0.replace(tzinfo=None), "s"]
    assert SearchFilter().shape() == UNBOUNDED and len(UNBOUNDED) == len(BOUNDS) + 1
    assert pg_sql(where.shape(), 7) == [
        "AND created_at >= $7::timestamp",
        "AND source_session = $8::varchar",
    ]
    tagged = SearchFilter(source_session="s", metadata=(("a", "1"), ("b", "x")))
    assert tagged.shape() == (False, False, False, False, True, False, 2)
    assert tagged.naive_bounds() == ["s", "a", "1", "b", "x"]
    assert pg_sql(tagged.shape(), 7) == [
        "AND source_session = $7::varchar",
        "AND (metadata ->> $8::text) = $9::text",
        "AND (metadata ->> $10::text) = $11::text",
    ]
    by_author = SearchFilter(author="alice")
    assert by_author.bounds() == {"author": "alice"}
    assert pg_sql(by_author.shape(), 9) == ['AND coalesce(source_user, "user") = $9::varchar']
