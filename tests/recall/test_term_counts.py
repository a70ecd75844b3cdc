"""Document counts shared through Redis: a word counted by one process is not counted again
by another (nor after a restart) while the count is fresh, as fresh as when it was counted;
one scope's counts are never another's; with Redis down or a value unreadable, the count is
read from the store."""

from __future__ import annotations

from datetime import timedelta

import redis.asyncio

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.recall.term_counts import RedisCounts
from daemon.store.db import Connection
from daemon.store.memory.frequency import STATS_TTL_S, TermStats
from daemon.store.memory.search import SearchFilter, search
from daemon.store.stems import query_stems
from tests.maintenance.helpers import T0, add

ANN = ScopeKey(tenant="acme", project="p1", user="ann")
GLOBEX = ScopeKey(tenant="globex", project="p1", user="ann")


def _process(runtime: Container, clock: FakeClock) -> TermStats:
    """One process's counts, sharing the deployment's Redis."""
    return TermStats(clock, RedisCounts(lambda: runtime.redis, runtime.keys))


async def _term(conn: Connection, stats: TermStats, word: str) -> str:
    """``word`` as a search counts it (stemmed as the backend stems)."""
    if conn.dialect.name == "postgresql":
        [term] = await stats.pg_lexemes(conn, [word])
    else:
        [term] = query_stems([word])
    return term


async def _count(runtime: Container, stats: TermStats, scope: ScopeKey, word: str) -> int:
    async with runtime.store.connect() as conn:
        term = await _term(conn, stats, word)
        return (await stats.counts(conn, scope, [term]))[term]


async def test_a_count_made_by_one_process_serves_another_until_its_period_ends(
    runtime: Container,
) -> None:
    await add(runtime.store, "The kestrel pipeline.", tenant="acme")
    assert await _count(runtime, _process(runtime, FakeClock(T0)), ANN, "kestrel") == 1
    await add(runtime.store, "Another kestrel build.", tenant="acme")
    later = FakeClock(T0 + timedelta(seconds=STATS_TTL_S))
    other = _process(runtime, later)  # another worker, or this one restarted
    assert await _count(runtime, other, ANN, "kestrel") == 1
    later.advance(1)  # the count is as old as when the first process counted it
    assert await _count(runtime, other, ANN, "kestrel") == 2
    assert await _count(runtime, _process(runtime, FakeClock(T0)), ANN, "kestrel") == 2


async def test_another_scopes_shared_counts_never_bend_a_scopes_search(
    runtime: Container,
) -> None:
    """Another tenant's word, common there and counted first, is still the scope's rare
    word: its search finds what it finds alone."""
    own = await add(runtime.store, "The kestrel pipeline retries twice.", tenant="acme")
    other = await add(runtime.store, "Quokka builds run on Tuesdays.", tenant="acme")
    for n in range(60):
        await add(runtime.store, f"Kestrel report {n}.", tenant="globex", user="ann")
    assert await _count(runtime, _process(runtime, FakeClock(T0)), GLOBEX, "kestrel") == 60
    where = SearchFilter(limit=20)
    async with runtime.store.connect() as conn:
        alone = await search(conn, "quokka kestrel", ANN, where, TermStats(FakeClock(T0)))
        shared = await search(conn, "quokka kestrel", ANN, where, _process(runtime, FakeClock(T0)))
    assert {m.id for m in alone} == {own, other}
    assert [(m.id, m.score) for m in shared] == [(m.id, m.score) for m in alone]
    assert await _count(runtime, _process(runtime, FakeClock(T0)), ANN, "kestrel") == 1


def test_no_two_scopes_or_terms_share_a_key() -> None:
    keys = Keys("memoryd")
    names = {
        keys.term_count("a:b", "c", "", "d"),
        keys.term_count("a", "b:c", "", "d"),
        keys.term_count("a", "b", "c:", "d"),
        keys.term_count("a", "b", "c", ":d"),
        keys.term_count("a", "b", "", "c:d"),
    }
    assert len(names) == 5


async def test_an_unreadable_value_is_counted_again(runtime: Container) -> None:
    await add(runtime.store, "The kestrel pipeline.", tenant="acme")
    stats = _process(runtime, FakeClock(T0))
    async with runtime.store.connect() as conn:
        term = await _term(conn, stats, "kestrel")
    name = runtime.keys.term_count(ANN.tenant, ANN.project, ANN.user, term)
    await runtime.redis.set(name, "many since yesterday")
    assert await _count(runtime, stats, ANN, "kestrel") == 1
    assert await runtime.redis.get(name) == f"1 {T0.timestamp()!r}".encode()


async def test_with_redis_down_each_process_counts_alone(runtime: Container) -> None:
    await add(runtime.store, "The kestrel pipeline.", tenant="acme")
    down = redis.asyncio.Redis(host="127.0.0.1", port=1)  # nothing listens there
    try:
        stats = TermStats(FakeClock(T0), RedisCounts(lambda: down, runtime.keys))
        assert await _count(runtime, stats, ANN, "kestrel") == 1
    finally:
        await down.aclose()
