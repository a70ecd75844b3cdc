"""Query terms: the words a search looks for, and the FTS5 expression that matches them."""

from __future__ import annotations

from daemon.store.memory.query import MAX_TERMS, fts5_match, terms


def test_terms_drop_stop_words_short_tokens_and_repeats() -> None:
    assert terms("How do we deploy the Billing service? deploy!") == [
        "deploy",
        "billing",
        "service",
    ]
    assert terms("the a of") == []
    assert len(terms(" ".join(f"word{i}" for i in range(40)))) == MAX_TERMS


def test_fts5_queries_quote_every_word() -> None:
    assert fts5_match(['say"hi', "or"]) == '"say""hi" OR "or"'
    assert fts5_match(["a", "b"], every=True) == '"a" AND "b"'
