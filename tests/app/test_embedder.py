"""Without a provider configured, a process has no embedder: search stays keyword-only."""

from __future__ import annotations

from daemon.app.embedder import build_embedder
from daemon.base.settings import Settings


def test_no_provider_means_no_embedder() -> None:
    assert build_embedder(Settings()) is None
