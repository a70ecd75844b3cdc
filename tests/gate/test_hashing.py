"""The duplicate key of a memory (daemon.gate.hashing)."""

from __future__ import annotations

from daemon.gate.hashing import content_hash, normalize


def test_normalize_casefolds_nfkc_collapses_and_strips_edge_punctuation() -> None:
    assert normalize("  The  “Quick”,\n(brown) ﬁle… end-to-end __init__  ") == (
        "the quick brown file end-to-end __init__"
    )


def test_content_hash_ignores_case_spacing_and_punctuation_but_not_type() -> None:
    a = content_hash("project", "We always run pytest-asyncio in auto mode.")
    b = content_hash("project", "  we ALWAYS run   pytest-asyncio in auto mode ")
    assert a == b
    assert len(a) == 64 and int(a, 16) >= 0
    assert content_hash("user", "We always run pytest-asyncio in auto mode.") != a
    assert content_hash("project", "We never run pytest-asyncio in auto mode.") != a
