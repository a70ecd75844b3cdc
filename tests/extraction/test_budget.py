"""Usage per tenant through the runner, and the tenants' budgets: a hard budget pauses that
tenant only (recorded as ``budget_exceeded``, the cursor stays) until the next UTC day on
the injected clock, with every turn extracted once; a soft one warns and goes on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from structlog.testing import capture_logs

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.events.models import TurnEvent
from daemon.extraction.base import ExtractionBatch, MemoryOp, MemoryReader, Proposal, Usage
from daemon.store import usage
from tests.harness import publisher, rows

SPENT = Usage(model_calls=1, prompt_tokens=60, completion_tokens=20, cached_tokens=10)


class Spending:
    """An extractor that spends ``SPENT`` on each run, proposes one memory, and keeps the
    turns it was given."""

    name = "rules"

    def __init__(self) -> None:
        self.seen: list[tuple[str, int]] = []

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        self.seen += [(batch.session_id, t.turn) for t in batch.turns]
        op = MemoryOp(
            "create",
            title=f"Rounding rule of {batch.session_id}",
            content=f"Invoices of {batch.session_id} round half-even to the cent.",
            turns=(batch.to_turn,),
        )
        return Proposal(ops=[op], usage=Usage(**{k: getattr(SPENT, k) for k in SPENT.__slots__}))


def _event(session_id: str, tenant: str, turn: int, at: datetime) -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"{session_id}:{turn}",
            "session_id": session_id,
            "turn": turn,
            "at": at,
            "scope": {"project": "billing", "user": "dana", "tenant": tenant},
            "messages": [
                {"id": f"{session_id}t{turn}u", "role": "user",
                 "content": "we always round invoice totals half-even to the cent"},
                {"id": f"{session_id}t{turn}a", "role": "assistant", "content": "noted"},
            ],
        }
    )  # fmt: skip


async def _sessions(rt: Container, sessions: dict[str, str], turns: int = 2) -> FakeClock:
    """Store ``sessions`` (id: tenant), ``turns`` turns each, and put the runtime on a fake
    clock an hour later (no gap to wait for); the runtime's extractor is a ``Spending``."""
    at = datetime.now(UTC).replace(microsecond=0)
    events = [_event(s, t, n, at) for s, t in sessions.items() for n in range(1, turns + 1)]
    await publisher(rt).publish_many(events)
    await rt.dispatcher(consumer="d").run(burst=True)
    clock = FakeClock(at + timedelta(hours=1))
    rt.clock = clock
    rt.extractor = Spending()
    return clock


async def _budget(rt: Container, tenant: str, tokens: int, mode: str) -> None:
    async with rt.store.begin() as conn:
        await usage.set_budget(conn, tenant, daily_tokens=tokens, mode=mode, now=rt.clock.now())


async def _cursor(rt: Container, session_id: str) -> Any:
    return next(c for c in await rows(rt, "cursors") if c.session_id == session_id).turn


async def test_a_hard_budget_pauses_its_tenant_only_until_the_next_day(runtime: Container) -> None:
    """Tenant A (budget 100 tokens, hard) runs a1 and a2 (80 tokens each: the second starts
    at 80 < 100, so A ends at 160: an overshoot of one run's tokens at most); a3 is held back
    as ``budget_exceeded`` (recorded once however often it is tried, cursor unmoved) while
    tenant B's session runs; on the next UTC day a3 is extracted, each turn once."""
    clock = await _sessions(runtime, {"a1": "A", "a2": "A", "a3": "A", "b1": "B"})
    await _budget(runtime, "A", 100, "hard")
    runner = runtime.runner()
    assert (await runner.run("a1")).outcome == "wrote"
    assert (await runner.run("a2")).outcome == "wrote"
    paused = [await runner.run("a3") for _ in range(3)]
    assert [r.outcome for r in paused] == ["budget_exceeded"] * 3
    tomorrow = datetime.combine(clock.now().date() + timedelta(days=1), datetime.min.time(), UTC)
    assert paused[0].wait_until == tomorrow
    assert (await runner.run("b1")).outcome == "wrote"
    assert await _cursor(runtime, "a3") is None
    held = [r for r in await rows(runtime, "runs") if r.session_id == "a3"]
    assert [(r.outcome, r.prompt_tokens, r.tenant) for r in held] == [("budget_exceeded", 0, "A")]
    async with runtime.store.connect() as conn:
        spent = await usage.tokens_of_day(conn, "A", usage.day_of(clock.now()))
    assert spent == 160 and spent - 100 <= SPENT.prompt_tokens + SPENT.completion_tokens

    clock.current = tomorrow + timedelta(minutes=1)
    assert (await runtime.runner().run("a3")).outcome == "wrote"
    assert await _cursor(runtime, "a3") == 2
    seen = runtime.extractor.seen  # type: ignore[union-attr]
    assert sorted(seen) == sorted({(s, n) for s in ("a1", "a2", "a3", "b1") for n in (1, 2)})
    assert (await runtime.runner().run("a3")).outcome == "idle"


async def test_a_raised_budget_lets_the_tenant_run_again_the_same_day(runtime: Container) -> None:
    await _sessions(runtime, {"a1": "A", "a2": "A"})
    await _budget(runtime, "A", 50, "hard")
    runner = runtime.runner()
    assert (await runner.run("a1")).outcome == "wrote"
    assert (await runner.run("a2")).outcome == "budget_exceeded"
    await _budget(runtime, "A", 1000, "hard")
    assert (await runner.run("a2")).outcome == "wrote"
    async with runtime.store.begin() as conn:
        await usage.set_budget(conn, "A", daily_tokens=0, mode="hard", now=runtime.clock.now())
        assert await usage.clear_budget(conn, "A")
    assert [r.outcome for r in await rows(runtime, "runs")].count("budget_exceeded") == 1


async def test_a_soft_budget_warns_and_does_not_pause(runtime: Container) -> None:
    await _sessions(runtime, {"a1": "A", "a2": "A"})
    await _budget(runtime, "A", 50, "soft")
    runner = runtime.runner()
    with capture_logs() as logs:
        outcomes = [(await runner.run(s)).outcome for s in ("a1", "a2")]
    assert outcomes == ["wrote", "wrote"]
    warned = [e for e in logs if e["event"] == "usage.budget_exceeded"]
    assert [(e["mode"], e["tenant"], e["used"], e["budget"]) for e in warned] == [
        ("soft", "A", 80, 50)
    ]


async def test_usage_is_counted_per_tenant_project_and_day(runtime: Container) -> None:
    """Runs of two tenants are counted apart, by outcome, on the UTC day they started."""
    clock = await _sessions(runtime, {"a1": "A", "a2": "A", "b1": "B"})
    runner = runtime.runner()
    for session_id in ("a1", "b1"):
        assert (await runner.run(session_id)).outcome == "wrote"
    today = usage.day_of(clock.now())
    clock.current = usage.next_day(clock.now())
    assert (await runner.run("a2")).outcome == "wrote"
    async with runtime.store.connect() as conn:
        found = await usage.daily(conn, usage.UsageFilter())
    got = {(r["tenant"], r["project"], r["day"]): r for r in found}
    assert set(got) == {
        ("A", "billing", today.isoformat()),
        ("B", "billing", today.isoformat()),
        ("A", "billing", (today + timedelta(days=1)).isoformat()),
    }
    for row in got.values():
        assert (row["runs"], row["model_calls"], row["prompt_tokens"]) == (1, 1, 60)
        assert (row["completion_tokens"], row["cached_tokens"]) == (20, 10)
        assert (row["memories_written"], row["by_outcome"]) == (1, {"wrote": 1})
