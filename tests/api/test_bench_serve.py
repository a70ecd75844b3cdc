"""``./dev bench serve`` runs end to end (tiny sizes here; the real run is 100,000 memories,
16 clients, 3,000 requests an operation)."""

from __future__ import annotations

import pytest

from tests.backends import POSTGRES_URL, REDIS_URL
from tests.pgvector_server import PgvectorDatabase

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow, pytest.mark.timeout(240)]


async def test_the_serve_bench_reports_rows_and_the_publish_ratio(stack: tuple[str, str]) -> None:
    from tests.bench.serve import bench_serve

    result = await bench_serve(
        "sqlite:///unused",
        redis_url=REDIS_URL,
        postgres_url=POSTGRES_URL,
        memories_count=300,
        clients=4,
        requests=60,
    )
    rows = [(r["backend"], r["workers"], r["operation"], r["windows"]) for r in result["results"]]
    assert rows == [
        (b, n, op, windows)
        for b in ("sqlite", "postgresql")
        for n in (1, 2)
        for op, windows in (("search", 0), ("injection_block", 0), ("injection_block", 300))
    ]
    for row in result["results"]:
        assert set(row) >= {
            "backend",
            "operation",
            "memories",
            "clients",
            "requests_per_s",
            "p50_ms",
            "p95_ms",
        }
        assert (row["memories"], row["clients"], row["requests"]) == (300, 4, 60)
        assert row["failures"] == {} and row["requests_per_s"] > 0
        assert 0 < row["p50_ms"] <= row["p95_ms"]
    for shape, ratio in (
        ("one_event", "publish_ratio"),
        ("batches_of_20", "publish_ratio_batched"),
    ):
        figures = result["publish"][shape]
        assert all(figures[side]["events_per_s"] > 0 for side in ("http", "xadd", "python"))
        assert result[ratio] == pytest.approx(
            figures["http"]["events_per_s"] / figures["xadd"]["events_per_s"], abs=0.001
        )
    one, batched = result["publish"]["one_event"], result["publish"]["batches_of_20"]
    assert result["publish_vs_floor"] == pytest.approx(
        one["http"]["requests_per_s"] / result["publish"]["http_floor_requests_per_s"], abs=0.001
    )
    assert result["publish_batched_vs_python"] == pytest.approx(
        batched["http"]["events_per_s"] / batched["python"]["events_per_s"], abs=0.001
    )
    assert isinstance(result["met_targets"]["publish_vs_floor"], bool)
    assert set(result["publish"]["measures"]) == {"http", "xadd", "python", "http_floor"}
    assert result["publish"]["http_floor_requests_per_s"] > 0
    # judged on PostgreSQL's rows of one process with no windows, as the front door decided
    judged = [r for r in result["results"] if r["backend"] == "postgresql" and r["workers"] == 1]
    assert result["met_targets"]["recall"] is all(
        r["requests_per_s"] >= 1000 and r["p95_ms"] < 25 for r in judged if r["windows"] == 0
    )
    fairness = result["fairness"]
    assert (fairness["memories"], fairness["scope_memories"]) == (100 * 100, 100)  # the least
    assert fairness["alone"]["memories"] == 100 and fairness["calls"] == 60
    assert (
        result["sqlite_fairness"]
        == fairness["ratio_p50"]
        == pytest.approx(fairness["shared"]["p50_ms"] / fairness["alone"]["p50_ms"], abs=0.01)
    )
    assert result["met_targets"]["sqlite_fairness"] is fairness["met"]
    # no pgvector server given: the hybrid row says why it is missing, nothing else is
    assert result["skipped"] == ["hybrid_search: no PostgreSQL with pgvector"]


async def test_the_serve_bench_runs_the_publishing_figures_alone(stack: tuple[str, str]) -> None:
    from tests.bench.serve import bench_serve

    result = await bench_serve(
        "sqlite:///unused",
        redis_url=REDIS_URL,
        postgres_url=POSTGRES_URL,
        memories_count=300,
        clients=4,
        requests=60,
        only="publish",
    )
    assert result["results"] == [] and result["met_targets"]["recall"] is False
    assert result["skipped"] == ["recall and sqlite_fairness: only publishing was asked for"]
    assert result["sqlite_fairness"] is None and result["met_targets"]["sqlite_fairness"] is False
    assert result["publish"]["backend"] == "sqlite"
    assert result["publish_vs_floor"] > 0 and result["publish_batched_vs_python"] > 0
    with pytest.raises(ValueError, match="'recall'"):
        await bench_serve("sqlite:///unused", redis_url=REDIS_URL, only="recall")


async def test_the_serve_bench_runs_the_hybrid_row_alone(
    stack: tuple[str, str], pgvector_database: PgvectorDatabase
) -> None:
    from tests.bench.serve import bench_serve

    result = await bench_serve(
        "sqlite:///unused",
        redis_url=REDIS_URL,
        pgvector_url=pgvector_database.url,
        memories_count=300,
        clients=4,
        requests=60,
        only="hybrid",
    )
    (row,) = result["results"]
    assert (row["backend"], row["operation"], row["memories"], row["clients"]) == (
        "postgresql+pgvector",
        "hybrid_search",
        300,
        4,
    )
    assert row["failures"] == {} and 0 < row["p50_ms"] <= row["p95_ms"]
    assert result["met_targets"] == {"hybrid_p95": row["p95_ms"] < 25.0}
    assert result["skipped"] == ["recall and publishing: only the hybrid row was asked for"]
