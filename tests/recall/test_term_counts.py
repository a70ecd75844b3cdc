"""Document counts shared through Redis: a word counted by one process is not counted again
by another (nor after a restart) while the count is fresh, as fresh as when it was counted;
one scope's counts are never another's; with Redis down or a value unreadable, the count is
read from the store, and a Redis that failed is left alone for a cool-down (one warning when
it fails, one line when it answers again), not tried and logged by every search."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import redis.asyncio
from redis.exceptions import ConnectionError as RedisConnectionError
from structlog.testing import capture_logs

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.base.scope import ScopeKey
from daemon.recall.term_counts import COOLDOWN_S, RedisCounts
from daemon.store.db import Connection
from daemon.store.memory.frequency import STATS_TTL_S, TermStats
from daemon.store.memory.search import SearchFilter, search
from daemon.store.stems import query_stems
from tests.backends import REAL_ONLY
from tests.bench.redisproc import private_redis
from tests.maintenance.helpers import T0, add

ANN = ScopeKey(tenant="acme", project="p1", user="ann")
GLOBEX = ScopeKey(tenant="globex", project="p1", user="ann")


def _process(runtime: Container, clock: FakeClock) -> TermStats:
    """One process's counts, sharing the deployment's Redis."""
    return TermStats(clock, RedisCounts(lambda: runtime.redis, runtime.keys, clock))


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
        clock = FakeClock(T0)
        stats = TermStats(clock, RedisCounts(lambda: down, runtime.keys, clock))
        assert await _count(runtime, stats, ANN, "kestrel") == 1
    finally:
        await down.aclose()


#: Words of one memory, each counted 1 in ``ANN``: one new word for each search that counts.
_WORDS = ("kestrel", "quokka", "heron", "marmot", "ocelot", "tapir", "walrus", "jackal")


class _Flaky:
    """A Redis client that fails every call as a refused connection while ``up`` is false,
    and passes each to ``real`` while it is true; ``calls`` counts the calls made to it."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.up = False
        self.calls = 0

    def _reached(self) -> None:
        self.calls += 1
        if not self.up:
            raise RedisConnectionError("Connection refused.")

    async def mget(self, names: list[str]) -> Any:
        self._reached()
        return await self.real.mget(names)

    def pipeline(self, transaction: bool = True) -> Any:
        self._reached()
        return self.real.pipeline(transaction=transaction)


def _said(logs: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """What the shared counts logged: each line's event and level."""
    return [
        (e["event"], e["log_level"]) for e in logs if e["event"].startswith("search.shared_counts")
    ]


async def test_a_failing_redis_is_left_alone_for_a_cooldown_and_logged_once(
    runtime: Container,
) -> None:
    """Redis failing: the first search that counts tries it and logs one warning; the next
    ones within the cool-down neither try it nor log; after it, one search tries again (still
    quiet while it still fails), and the first that finds it answering logs it once and
    shares its counts again. Every count is right throughout, read from the store."""
    await add(runtime.store, "The " + " ".join(_WORDS) + " report.", tenant="acme")
    clock = FakeClock(T0)
    flaky = _Flaky(runtime.redis)
    stats = TermStats(clock, RedisCounts(lambda: flaky, runtime.keys, clock))
    words = iter(_WORDS)
    with capture_logs() as logs:
        assert await _count(runtime, stats, ANN, next(words)) == 1
    assert flaky.calls == 1  # the read; the write is not tried
    assert _said(logs) == [("search.shared_counts_down", "warning")]

    with capture_logs() as logs:
        for _ in range(4):
            clock.advance(COOLDOWN_S / 5)
            assert await _count(runtime, stats, ANN, next(words)) == 1
    assert (flaky.calls, _said(logs)) == (1, [])

    clock.advance(COOLDOWN_S)
    with capture_logs() as logs:
        assert await _count(runtime, stats, ANN, next(words)) == 1
        assert await _count(runtime, stats, ANN, next(words)) == 1
    assert (flaky.calls, _said(logs)) == (2, [])  # one try, failed: still down, still quiet

    flaky.up = True
    clock.advance(COOLDOWN_S)
    word = next(words)
    with capture_logs() as logs:
        assert await _count(runtime, stats, ANN, word) == 1
    assert flaky.calls == 4  # the read and the write
    assert _said(logs) == [("search.shared_counts_back", "info")]
    async with runtime.store.connect() as conn:
        term = await _term(conn, stats, word)
    other = RedisCounts(lambda: runtime.redis, runtime.keys, clock)  # another process
    assert await other.read(ANN, [term]) == {term: (1, clock.now())}


@REAL_ONLY
async def test_a_stopped_redis_is_tried_again_only_after_the_cooldown(
    runtime: Container, tmp_path: Path
) -> None:
    """A real Redis of the test's own, stopped and started again: the search after the stop
    logs one warning; one within the cool-down, with Redis back, still leaves it alone (its
    count is not shared); the first after the cool-down finds it and shares again."""
    await add(runtime.store, "The " + " ".join(_WORDS) + " report.", tenant="acme")
    clock = FakeClock(T0)
    with private_redis(tmp_path / "redis") as server:
        client = redis.asyncio.Redis.from_url(server.url)
        try:
            stats = TermStats(clock, RedisCounts(lambda: client, runtime.keys, clock))

            async def shared(word: str) -> bool:
                async with runtime.store.connect() as conn:
                    term = await _term(conn, stats, word)
                name = runtime.keys.term_count(ANN.tenant, ANN.project, ANN.user, term)
                return bool(await client.exists(name))

            assert await _count(runtime, stats, ANN, "kestrel") == 1
            assert await shared("kestrel")
            server.kill()
            with capture_logs() as logs:
                assert await _count(runtime, stats, ANN, "quokka") == 1
            assert _said(logs) == [("search.shared_counts_down", "warning")]
            server.restart()
            clock.advance(COOLDOWN_S / 2)
            with capture_logs() as logs:
                assert await _count(runtime, stats, ANN, "heron") == 1
            assert _said(logs) == []
            assert not await shared("heron")
            clock.advance(COOLDOWN_S)
            with capture_logs() as logs:
                assert await _count(runtime, stats, ANN, "marmot") == 1
            assert _said(logs) == [("search.shared_counts_back", "info")]
            assert await shared("marmot")
        finally:
            await client.aclose()
