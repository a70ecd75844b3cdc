"""``memoryd embeddings``: clear errors without a provider; status counts what is pending
and the vectors per space; backfill embeds every pending memory and returns when done (exit
1 with the memories still pending when the provider fails); reindex refuses while the
current space is incomplete, then drops the other spaces, or with --restart the current
one's own (both backends)."""

from __future__ import annotations

import pytest

from daemon.app import embedder as seam
from daemon.app.container import Container
from daemon.base.settings import Settings
from tests.cli.operator_cli import Cli
from tests.hashed_embedder import HashedEmbedder
from tests.maintenance.helpers import add


async def _three(rt: Container) -> None:
    for text in ("Deploys go out on Tuesdays.", "Ann owns billing.", "Staging resets nightly."):
        await add(rt.store, text)


def _provider(monkeypatch: pytest.MonkeyPatch, embedder: HashedEmbedder) -> None:
    def build(settings: Settings) -> HashedEmbedder:
        return embedder

    monkeypatch.setattr(seam, "build_embedder", build)


def test_without_a_provider_status_says_so_and_the_others_refuse(cli: Cli) -> None:
    cli.setup(_three)
    report = cli.json("embeddings", "status")
    assert (report["space"], report["pending"], report["vectors"]) == (None, 3, {})
    assert "keyword search only" in cli.invoke("embeddings", "status").stdout
    for command in ("backfill", "reindex"):
        result = cli.invoke("embeddings", command)
        assert result.exit_code == 1
        assert "no embedding provider is configured" in result.output


def test_backfill_then_a_new_model_then_reindex(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    cli.setup(_three)
    old = HashedEmbedder(model="old")
    _provider(monkeypatch, old)
    done = cli.json("embeddings", "backfill")
    assert (done["embedded"], done["pending"], done["retry"]) == (3, 0, False)
    assert cli.json("embeddings", "status")["vectors"] == {old.space: 3}
    new = HashedEmbedder(model="new", outage={1})
    _provider(monkeypatch, new)
    refused = cli.invoke("embeddings", "reindex")
    assert refused.exit_code == 1 and "3 memories pending" in refused.output
    failed = cli.invoke("embeddings", "backfill")
    assert failed.exit_code == 1 and "try again later" in failed.output
    assert "3 pending" in failed.stdout
    assert cli.json("embeddings", "backfill")["embedded"] == 3
    assert cli.json("embeddings", "status")["vectors"] == {old.space: 3, new.space: 3}
    assert cli.json("embeddings", "reindex") == {"space": new.space, "pending": 0, "dropped": 3}
    status = cli.invoke("embeddings", "status").stdout
    assert new.space in status and old.space not in status
    restarted = cli.json("embeddings", "reindex", "--restart")
    assert (restarted["dropped"], restarted["pending"]) == (3, 3)
