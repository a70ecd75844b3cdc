"""Ranked full-text search of the memories a scope sees: only its own and the project's
shared live ones, filtered by type and class, titles weighing more than content, at most
the limit, nothing for a query of no words; the same on both backends."""

from __future__ import annotations

from typing import Any

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.store.memory.frequency import TermStats
from daemon.store.memory.search import SearchFilter, search
from tests.maintenance.helpers import DAY, T0, add

ANN = ScopeKey(project="p1", user="ann")


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
