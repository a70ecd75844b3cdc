"""The dispatcher's cache of session scopes (daemon.store.transcripts.session_scopes) is
bounded, least recently used out first, and remembers the highest turn it stored for each
session."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from daemon.base.scope import ScopeKey
from daemon.store.transcripts.session_scopes import KnownSession, ScopeCache


def _stored(session_id: str, turn: int = 1) -> Any:
    return SimpleNamespace(
        event=SimpleNamespace(session_id=session_id, turn=turn), scope=ScopeKey(project=session_id)
    )


def _scope(cache: ScopeCache, session_id: str) -> ScopeKey | None:
    known = cache.get(("", session_id))
    return known.scope if known else None


def test_the_least_recently_used_session_goes_first() -> None:
    cache = ScopeCache(size=2)
    cache.remember([_stored("a"), _stored("b")])
    assert _scope(cache, "a") == ScopeKey(project="a")  # a is now the most recent
    cache.remember([_stored("c")])
    assert cache.get(("", "b")) is None
    assert (_scope(cache, "a"), _scope(cache, "c")) == (ScopeKey("a"), ScopeKey("c"))


def test_the_last_turn_only_grows() -> None:
    cache = ScopeCache()
    cache.remember([_stored("a", 5), _stored("a", 3)])
    assert cache.get(("", "a")) == KnownSession(ScopeKey("a"), 5)
    cache.remember([_stored("a", 9)])
    assert cache.get(("", "a")) == KnownSession(ScopeKey("a"), 9)


def test_the_default_bound_keeps_memory_small() -> None:
    cache = ScopeCache()
    cache.remember([_stored(f"s{i}") for i in range(25_000)])
    assert cache.get(("", "s14999")) is None
    assert (_scope(cache, "s15000"), _scope(cache, "s24999")) == (
        ScopeKey(project="s15000"),
        ScopeKey(project="s24999"),
    )
