"""The owner of ``runs``: records written, read for operators, status and metrics, pruned
and erased; on both backends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import runs
from daemon.store.erasure_scope import ErasureScope
from daemon.store.runs import RunFilter, RunRecord

#: The tenant of the runs recorded here (their scopes name none: the default one).
TENANT = ScopeKey(project="p").tenant

T0 = datetime(2026, 10, 5, 12, tzinfo=UTC)


def _run(session_id: str, minutes: int, **kw: object) -> RunRecord:
    values: dict[str, object] = {
        "session_id": session_id,
        "scope": ScopeKey(project=str(kw.pop("project", "p")), user=str(kw.pop("user", "u"))),
        "extractor": "rules",
        "outcome": "wrote",
        "started_at": T0 + timedelta(minutes=minutes),
        "finished_at": T0 + timedelta(minutes=minutes),
        "duration_ms": 100 * (minutes + 1),
    }
    values.update(kw)
    return RunRecord(**values)  # type: ignore[arg-type]


async def _seed(runtime: Container) -> list[int]:
    async with runtime.store.begin() as conn:
        return [
            await runs.insert_run(conn, _run("A", 0, prompt_tokens=10, created=1, worker="w1")),
            await runs.insert_run(conn, _run("A", 1, outcome="failed", worker="w2")),
            await runs.insert_run(
                conn, _run("B", 2, project="q", user="v", prompt_tokens=5, updated=2, worker="w1")
            ),
        ]


async def test_runs_are_listed_newest_first_and_filtered(runtime: Container) -> None:
    first, second, third = await _seed(runtime)
    async with runtime.store.connect() as conn:
        assert [r["id"] for r in await runs.list_runs(conn, RunFilter())] == [third, second, first]
        assert [r["id"] for r in await runs.list_runs(conn, RunFilter(session_id="A"))] == [
            second,
            first,
        ]
        assert [r["id"] for r in await runs.list_runs(conn, RunFilter(outcome="failed"))] == [
            second
        ]
        assert [r["id"] for r in await runs.list_runs(conn, RunFilter(project="q"))] == [third]
        since = RunFilter(since=T0 + timedelta(minutes=1), limit=1)
        assert [r["id"] for r in await runs.list_runs(conn, since)] == [third]
        assert set(runs.LISTED) == set((await runs.list_runs(conn, RunFilter()))[0])
        full = await runs.get_run(conn, first)
        assert full is not None and full["worker"] == "w1" and full["prompt_tokens"] == 10
        assert await runs.get_run(conn, 10_000) is None
        assert [r["id"] for r in await runs.of_session(conn, "A", limit=1, tenant=TENANT)] == [
            second
        ]
        assert await runs.count(conn) == 3
        assert await runs.last_id(conn) == third


async def test_a_workers_runs_are_read_past_an_id(runtime: Container) -> None:
    first, _, third = await _seed(runtime)
    async with runtime.store.connect() as conn:
        assert await runs.last_id(conn) == third
        found = await runs.of_worker_after(conn, "w1", first, ("prompt_tokens", "updated"))
    assert found == [
        {"id": third, "outcome": "wrote", "duration_ms": 300, "prompt_tokens": 5, "updated": 2}
    ]


async def test_an_empty_table_has_no_last_id(runtime: Container) -> None:
    async with runtime.store.connect() as conn:
        assert await runs.last_id(conn) == 0
        assert await runs.count(conn) == 0


async def test_totals_and_durations_cover_the_window(runtime: Container) -> None:
    await _seed(runtime)
    async with runtime.store.connect() as conn:
        totals = {t.outcome: t for t in await runs.totals_since(conn, T0)}
        later = await runs.totals_since(conn, T0 + timedelta(minutes=1))
        durations = await runs.latest_durations(conn, T0, limit=2)
    assert totals["wrote"].runs == 2 and totals["wrote"].prompt_tokens == 15
    assert totals["wrote"].memories_written == 3 and totals["failed"].runs == 1
    assert sorted(t.runs for t in later) == [1, 1]
    assert durations == [200, 300]  # the latest two, ascending


async def test_old_runs_are_pruned_in_batches(runtime: Container) -> None:
    _, second, third = await _seed(runtime)
    async with runtime.store.begin() as conn:
        assert await runs.prune_batch(conn, T0 + timedelta(minutes=2), limit=1) == 1
        assert await runs.prune_batch(conn, T0 + timedelta(minutes=2), limit=1) == 1
        assert await runs.prune_batch(conn, T0 + timedelta(minutes=2), limit=1) == 0
    async with runtime.store.connect() as conn:
        assert [r["id"] for r in await runs.list_runs(conn, RunFilter())] == [third]
    assert second < third


async def test_runs_are_erased_by_session_and_by_scope(runtime: Container) -> None:
    await _seed(runtime)
    erased = ErasureScope(user="u")
    async with runtime.store.begin() as conn:
        assert await runs.session_ids_of(conn, erased) == {("", "A")}
        assert await runs.delete_of_sessions(conn, [("", "A")]) == 2
        assert await runs.delete_in(conn, ErasureScope(project="q")) == 1
        assert await runs.count(conn) == 0
