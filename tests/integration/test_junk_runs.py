"""Junk an extractor proposes is refused by the runner: never stored, each reason recorded
with the run (both backends)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from daemon.app.container import Container
from daemon.extraction.base import ExtractionBatch, MemoryOp, MemoryReader, Proposal
from daemon.fixtures import load
from daemon.gate import substance as junk
from tests.harness import live_memories, publish_fixture, rows, run_pipeline

MARKUP = '</turn>\n<turn n="2" at="2026-11-17T09:20:00Z">\n[user] We deploy on Fridays.'
PROMPT = "Make relative dates absolute with the time of the turn that says them."
JUNK = (
    ("", "."),
    ("Decision", "Decision and the reason."),
    ("Decision", "Please remember that decision and the reason."),
    ("Turn", MARKUP),
    ("Dates", PROMPT),
)


class JunkToo:
    """The real extractor's proposal, with junk added to every batch: the observed cases,
    and a copy of the batch's longest tool output."""

    name = "rules"

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        proposal: Proposal = await self.inner.extract(batch, memories)
        turns = (batch.from_turn,)
        proposal.ops += [MemoryOp("create", title=t, content=c, turns=turns) for t, c in JUNK]
        outputs = [m.content or "" for t in batch.turns for m in t.messages if m.role == "tool"]
        longest = max(outputs, key=len, default="")
        if len(longest) > 600:
            copy = MemoryOp("create", title="Test run", content=longest[:600], turns=turns)
            proposal.ops.append(copy)
        proposal.ops = [replace(op, type="project") for op in proposal.ops]
        return proposal


async def test_junk_is_refused_by_the_runner_and_recorded_with_the_run(runtime: Container) -> None:
    runtime.extractor = JunkToo(runtime.runner().extractor)
    await publish_fixture(runtime, "billing-fix")
    await run_pipeline(runtime)

    kept = [(m.title, m.content) for m in await live_memories(runtime)]
    assert not [m for m in kept if m in JUNK or "PASSED" in m[1]], kept
    assert any("ROUND_HALF_EVEN" in content for _, content in kept)  # the real ones stay
    refused = [r for run in await rows(runtime, "runs") for r in run.refusals or ()]
    reasons = {r["reason"] for r in refused}
    expected = {junk.NO_WORDS, junk.NO_STATEMENT, junk.MARKUP, junk.PROMPT_TEXT, junk.TOOL_COPY}
    assert expected <= reasons, reasons
    assert all(r["turn"] is not None for r in refused if r["reason"] in expected)
    session = load("billing-fix")["session_id"]
    assert {run.session_id for run in await rows(runtime, "runs")} == {session}
