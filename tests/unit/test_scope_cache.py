"""The dispatcher's cache of session scopes is bounded, least recently used out first."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from daemon.scope import ScopeKey
from daemon.store.ingest import ScopeCache


def _stored(session_id: str) -> Any:
    return SimpleNamespace(
        event=SimpleNamespace(session_id=session_id), scope=ScopeKey(project=session_id)
    )


def test_the_least_recently_used_session_goes_first() -> None:
    cache = ScopeCache(size=2)
    cache.remember([_stored("a"), _stored("b")])
    assert cache.get("a") == ScopeKey(project="a")  # a is now the most recent
    cache.remember([_stored("c")])
    assert cache.get("b") is None
    assert (cache.get("a"), cache.get("c")) == (ScopeKey(project="a"), ScopeKey(project="c"))


def test_the_default_bound_keeps_memory_small() -> None:
    cache = ScopeCache()
    cache.remember([_stored(f"s{i}") for i in range(25_000)])
    assert cache.get("s14999") is None
    assert (cache.get("s15000"), cache.get("s24999")) == (
        ScopeKey(project="s15000"),
        ScopeKey(project="s24999"),
    )
