"""Ranked full-text search of the memories a scope sees: only its own and the project's
shared live ones, filtered by type and class, titles weighing more than content, at most
the limit, nothing for a query of no words; the same on both backends."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.store.memory import frequency
from daemon.store.memory.frequency import TermStats
from daemon.store.memory.search import SearchFilter, search
from tests.maintenance.helpers import DAY, T0, add

ANN = ScopeKey(project="p1", user="ann")
#: The module (the package exports its function under the same name).
search_module = importlib.import_module("daemon.store.memory.search")


async def _search(runtime: Container, query: str, scope: ScopeKey = ANN, **where: Any) -> list[int]:
    async with runtime.store.connect() as conn:
        found = await search(
            conn,
            query,
            scope,
            SearchFilter(**where),
            TermStats(FakeClock(T0)),
        )
    return [m.id for m in found]


async def test_only_the_scopes_live_matches_are_found(runtime: Container) -> None:
    store = runtime.store
    shared = await add(store, "The invoices service deploys from the main branch.")
    own = await add(store, "Ann reviews invoices on Fridays.", user="ann", type="user")
    await add(store, "Bob reviews invoices on Mondays.", user="bob", type="user")
    await add(store, "Invoices in another project.", project="p2")
    await add(store, "Deleted invoices note.", deleted_at=T0)
    await add(store, "Nothing to do with it.")
    assert sorted(await _search(runtime, "invoices")) == sorted([shared, own])
    assert await _search(runtime, "invoices", ScopeKey(project="p1")) == [shared]
    assert await _search(runtime, "invoices", types=["user"]) == [own]
    assert await _search(runtime, "invoices", classes=["working"]) == []
    assert await _search(runtime, "the of and") == []
    assert await _search(runtime, "zebra") == []


async def test_a_title_match_ranks_first_and_the_limit_holds(runtime: Container) -> None:
    store = runtime.store
    in_content = await add(store, "Releases are cut from the trunk.", title="Branching")
    in_title = await add(store, "Cut on Thursdays.", title="Releases")
    assert await _search(runtime, "releases") == [in_title, in_content]
    assert await _search(runtime, "releases", limit=1) == [in_title]


async def test_ties_go_to_the_newer_memory_and_rare_words_match(runtime: Container) -> None:
    store = runtime.store
    older = await add(store, "Staging resets nightly.", title="Staging", created_at=T0 - 2 * DAY)
    newer = await add(store, "Staging resets nightly.", title="Staging", user="ann")
    found = await _search(runtime, "staging resets")
    assert found == [newer, older]
    # a word no memory holds does not keep the others from matching
    assert sorted(await _search(runtime, "staging xylophone")) == sorted([older, newer])


async def test_a_match_over_the_budget_finds_the_memories_holding_more_of_the_query(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: 'zeriru' is in more memories than the budget (lowered to 2), so the
    memories holding 'mifo' too are matched first, and when they are fewer than the limit
    the whole match is ranked. SQLite ranks the newest matches of the chosen words as
    before (no narrowing): the limit holds there too."""
    monkeypatch.setattr(frequency, "MATCH_BUDGET", 2)
    store = runtime.store
    both = [await add(store, f"Zeriru and mifo note {n}.") for n in range(3)]
    alone = [await add(store, f"Zeriru note number {n}.") for n in range(4)]
    for n in range(6):
        await add(store, f"Mifo elsewhere {n}.")
    statements = _statements(monkeypatch)
    first = await _search(runtime, "zeriru mifo", limit=3)
    narrowed = len(statements)
    found = await _search(runtime, "zeriru mifo", limit=5)
    assert len(first) == 3
    assert len(found) == 5
    assert set(found) < set(both + alone)
    if runtime.store.dialect == "postgresql":
        assert sorted(first) == sorted(both)
        assert sorted(found[:3]) == sorted(both)
        # one narrowed statement when it found enough; it and the whole match when not
        assert statements[:narrowed] == ["('zeriru') & ('mifo')"]
        assert statements[narrowed:] == ["('zeriru') & ('mifo')", "'zeriru'"]
    else:
        assert statements == []


def _statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The match of each PostgreSQL search statement run from now on."""
    seen: list[str] = []
    real = search_module._pg_search

    async def spy(conn: Any, params: dict[str, Any], *rest: Any) -> Any:
        seen.append(params["query"])
        return await real(conn, params, *rest)

    monkeypatch.setattr(search_module, "_pg_search", spy)
    return seen
