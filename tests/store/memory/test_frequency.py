"""The match plan: which of a query's words a search matches on, by how common they are."""

from __future__ import annotations

from daemon.store.memory.frequency import COMMON_DOCS, MATCH_BUDGET, plan


def test_a_search_matches_on_rare_words_and_ranks_with_all() -> None:
    common = COMMON_DOCS + 1
    chosen = plan(["deploy", "billing", "xyzzy"], {"deploy": common, "billing": 10})
    assert chosen.attempts == ((("billing", "xyzzy"), False),)
    assert chosen.rank_terms == ("deploy", "billing", "xyzzy")


def test_when_every_word_is_common_all_of_them_then_the_rarest() -> None:
    chosen = plan(["deploy", "service"], {"deploy": 5000, "service": 2000})
    assert chosen.attempts == ((("deploy", "service"), True), (("service",), False))
    assert plan(["deploy"], {"deploy": 5000}).attempts == ((("deploy",), True),)


def test_rare_words_are_taken_rarest_first_within_the_budget() -> None:
    counts = {"a1": 10, "b2": MATCH_BUDGET - 20, "c3": MATCH_BUDGET * 3 // 5, "d4": 5}
    assert plan(["a1", "b2", "c3", "d4"], counts).attempts == ((("a1", "c3", "d4"), False),)
    assert plan(["zz", "yy"], {}, unlisted=900).attempts == ((("zz",), False),)


def test_a_word_no_memory_holds_never_stands_in_for_the_common_ones() -> None:
    # "know" is in no memory; the others are common: matching on "know" alone found nothing
    common = COMMON_DOCS + 1
    counts = {"know": 0, "pedepo": common + 5, "mofugu": common}
    chosen = plan(["know", "pedepo", "mofugu"], counts)
    assert chosen.attempts == ((("pedepo", "mofugu"), True), (("mofugu",), False))
    assert chosen.rank_terms == ("know", "pedepo", "mofugu")
    # beside a rare word it costs nothing and stays in the match
    assert plan(["know", "billing"], {"know": 0, "billing": 10}).attempts == (
        (("know", "billing"), False),
    )
    # when no word is held by any memory, one attempt (it finds nothing)
    assert plan(["know", "zz"], {}).attempts == ((("know", "zz"), False),)
