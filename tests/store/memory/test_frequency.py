"""The match plan: which of a query's words a search matches on, by how common they are; and
how long a process keeps the counts it plans with."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.store.memory.frequency import (
    COMMON_DOCS,
    MATCH_BUDGET,
    STATS_TTL_S,
    Match,
    TermStats,
    plan,
)
from daemon.store.stems import query_stems
from tests.maintenance.helpers import T0, add

P1 = ScopeKey(project="p1")


def test_a_search_matches_on_rare_words_and_ranks_with_all() -> None:
    common = COMMON_DOCS + 1
    chosen = plan(["deploy", "billing", "xyzzy"], {"deploy": common, "billing": 10})
    assert chosen.attempts == (Match(("billing", "xyzzy"), False),)
    assert chosen.rank_terms == ("deploy", "billing", "xyzzy")


def test_when_every_word_is_common_all_of_them_then_the_rarest() -> None:
    chosen = plan(["deploy", "service"], {"deploy": 5000, "service": 2000})
    assert chosen.attempts == (
        Match(("deploy", "service"), True),
        Match(("service",), False, also=("deploy",)),
        Match(("service",), False),
    )
    assert plan(["deploy"], {"deploy": 5000}).attempts == (Match(("deploy",), True),)


def test_rare_words_are_taken_rarest_first_within_the_budget() -> None:
    counts = {"a1": 10, "b2": MATCH_BUDGET - 20, "c3": MATCH_BUDGET * 3 // 5, "d4": 5}
    assert plan(["a1", "b2", "c3", "d4"], counts).attempts == (Match(("a1", "c3", "d4"), False),)


def test_a_match_over_the_budget_is_narrowed_first_to_another_word_of_the_query() -> None:
    over = MATCH_BUDGET + 1
    counts = {"know": 0, "zeriru": over, "mifo": COMMON_DOCS + 1, "rihi": over + 5}
    chosen = plan(["know", "zeriru", "mifo", "rihi"], counts)
    assert chosen.attempts == (
        Match(("know", "zeriru"), False, also=("mifo", "rihi")),
        Match(("know", "zeriru"), False),
    )
    # within the budget, or with no other word a memory holds, no narrowing
    assert plan(["zeriru", "know"], counts).attempts == (Match(("zeriru", "know"), False),)
    within = {"zeriru": MATCH_BUDGET, "mifo": COMMON_DOCS + 1}
    assert plan(["zeriru", "mifo"], within).attempts == (Match(("zeriru",), False),)
    assert plan(["zz", "yy"], {}, unlisted=900).attempts == (
        Match(("zz",), False, also=("yy",)),
        Match(("zz",), False),
    )


def test_a_word_no_memory_holds_never_stands_in_for_the_common_ones() -> None:
    # "know" is in no memory; the others are common: matching on "know" alone found nothing
    common = COMMON_DOCS + 1
    counts = {"know": 0, "pedepo": common + 5, "mofugu": common}
    chosen = plan(["know", "pedepo", "mofugu"], counts)
    assert chosen.attempts == (
        Match(("pedepo", "mofugu"), True),
        Match(("mofugu",), False, also=("pedepo",)),
        Match(("mofugu",), False),
    )
    assert chosen.rank_terms == ("know", "pedepo", "mofugu")
    # beside a rare word it costs nothing and stays in the match
    assert plan(["know", "billing"], {"know": 0, "billing": 10}).attempts == (
        Match(("know", "billing"), False),
    )
    # when no word is held by any memory, one attempt (it finds nothing)
    assert plan(["know", "zz"], {}).attempts == (Match(("know", "zz"), False),)


async def _counts(runtime: Container, stats: TermStats, words: list[str]) -> dict[str, int]:
    """The counts of ``words`` in ``P1`` as a search reads them (stemmed as it stems)."""
    async with runtime.store.connect() as conn:
        if conn.dialect.name == "postgresql":
            terms = await stats.pg_lexemes(conn, words)
        else:
            terms = query_stems(words)
        assert len(terms) == len(words)
        counted = await stats.counts(conn, P1, terms)
    return dict(zip(words, counted.values(), strict=True))


async def test_each_count_is_read_again_once_its_own_period_has_passed(
    runtime: Container,
) -> None:
    """A count is kept STATS_TTL_S from when it was counted: the words counted later are
    not read again with it (the whole cache was dropped at once, every word re-counted)."""
    clock = FakeClock(T0)
    stats = TermStats(clock)
    await add(runtime.store, "The kestrel pipeline retries twice.")
    await add(runtime.store, "Quokka builds run on Tuesdays.")
    assert await _counts(runtime, stats, ["kestrel"]) == {"kestrel": 1}
    clock.advance(400)
    assert await _counts(runtime, stats, ["quokka"]) == {"quokka": 1}
    await add(runtime.store, "A second kestrel pipeline.")
    await add(runtime.store, "A second quokka build.")
    clock.advance(STATS_TTL_S - 400)
    assert await _counts(runtime, stats, ["kestrel", "quokka"]) == {"kestrel": 1, "quokka": 1}
    clock.advance(1)
    assert await _counts(runtime, stats, ["kestrel", "quokka"]) == {"kestrel": 2, "quokka": 1}
    clock.advance(400)
    assert await _counts(runtime, stats, ["kestrel", "quokka"]) == {"kestrel": 2, "quokka": 2}


async def test_past_its_capacity_a_process_forgets_its_oldest_counts_alone(
    runtime: Container,
) -> None:
    stats = TermStats(FakeClock(T0), capacity=2)
    words = ["kestrel", "quokka", "heron"]
    for word in words:
        await add(runtime.store, f"The {word} pipeline.")
    for word in words:
        await _counts(runtime, stats, [word])
    for word in words:
        await add(runtime.store, f"Another {word} build.")
    counted = await _counts(runtime, stats, words)
    assert counted == {"kestrel": 2, "quokka": 1, "heron": 1}
