"""How SQLite's search index reads a text: FTS5 ``unicode61`` tokens, folded and stemmed
with Porter's algorithm; a memory's terms counted per column with its length; a search's
words stemmed the same way; the function callable from SQL once registered."""

from __future__ import annotations

import json
import sqlite3

from daemon.store.stems import SQL_FUNCTION, index_terms, query_stems, register, stem, tokens


def test_tokens_are_letters_and_digits_folded_and_stemmed() -> None:
    assert tokens("Deploys_go out, v2!") == ["deploys", "go", "out", "v2"]
    assert stem("Deploys") == stem("deploying") == "deploi"
    assert stem("Café") == "cafe"


def test_a_memorys_terms_are_counted_per_column_with_its_length() -> None:
    found = json.loads(index_terms("Deploy notes", "We deploy; deploys run nightly."))
    assert found["deploi"] == [1, 2, 7]
    assert found["note"] == [1, 0, 7]
    assert found["nightli"] == [0, 1, 7]
    assert json.loads(index_terms(None, "")) == {}


def test_a_searchs_words_meet_the_index_on_the_same_stems() -> None:
    assert query_stems(["deploys", "deploying", "kestrel_report"]) == [
        "deploi",
        "kestrel",
        "report",
    ]
    assert query_stems(["___"]) == []


def test_registered_the_function_answers_from_sql() -> None:
    conn = sqlite3.connect(":memory:")
    register(conn)
    (answer,) = conn.execute(f"SELECT {SQL_FUNCTION}('Kestrel', 'kestrel logs')").fetchone()
    assert json.loads(answer) == {"kestrel": [1, 1, 3], "log": [0, 1, 3]}
    conn.close()
