"""``./dev bench recall`` runs end to end (tiny sizes here; the real run is 10k and 100k)."""

from __future__ import annotations

from daemon.base.settings import Settings
from tests.bench.recall import bench_recall


async def test_the_recall_bench_reports_a_row_per_backend_operation_and_size(
    settings: Settings, backend: str
) -> None:
    postgres = settings.database_url if backend == "real" else None
    result = await bench_recall(
        "sqlite:///unused", postgres_url=postgres, sizes=(60, 120), calls=20, fake_memories=30
    )
    backends = ["sqlite"] + (["postgresql"] if postgres else [])
    assert [(r["backend"], r["operation"], r["memories"]) for r in result["results"]] == [
        (b, op, n) for b in backends for n in (60, 120) for op in ("search", "injection_block")
    ]
    assert all(0 < r["p50_ms"] <= r["p95_ms"] for r in result["results"])
    assert result["target_p95_ms"] == 10.0 and isinstance(result["met_target"], bool)
    assert any(n.startswith("postgresql:") for n in result["skipped"]) == (postgres is None)
    hybrid = result["hybrid"]
    assert [(r["backend"], r["operation"], r["memories"]) for r in hybrid["results"]] == [
        (b, "hybrid", n) for b in backends for n in (60, 120)
    ]
    assert all(0 < r["p50_ms"] <= r["p95_ms"] for r in hybrid["results"])
    assert hybrid["target_p95_ms"] == 15.0 and isinstance(hybrid["met_target"], bool)
    assert "hybrid on postgresql+pgvector: no URL" in result["skipped"]
    (rate,) = hybrid["embedding"]
    assert (rate["provider"], rate["space"], rate["memories"]) == (
        "fake endpoint",
        "openai:fake-embedding:384",
        30,
    )
    assert rate["memories_per_s"] > 0
