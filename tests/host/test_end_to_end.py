"""The host kit end to end: a generated coding session of 300 turns lived by a host that
runs the kit's pipeline before every model call, sends every request to the fake model
server through the real ``openai`` client, and publishes its turns and compactions to a
memoryd running in the same process (its dispatcher and worker run after every second turn,
as a daemon lagging behind the host would).

Every request the model receives fits the budget; the compactions reach memoryd as
``compaction`` turns and become working memories; most compactions are served from the
session summary memoryd keeps, at no model cost."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import openai
import pytest
import sqlalchemy as sa

from daemon.base.settings import HostSettings
from daemon.host.budget import Budget
from daemon.host.pipeline import PipelineResult
from daemon.host.tokens import conversation_tokens, estimator
from daemon.store.compaction import COMPACTION_CREATOR
from daemon.testing.fakellm import FakeLLM, text
from tests.bench.coding_session import coding_session
from tests.bench.context import SESSION_ID, kit_memoryd, open_memoryd, replay_kit
from tests.harness import live_memories, rows

TURNS = int(os.environ.get("MEMORYD_TEST_HOST_TURNS", "300"))
WINDOW = 48_000


@pytest.mark.timeout(900)
async def test_a_300_turn_session_fits_its_budget_and_compacts_from_memoryd_s_summary(
    fake_llm: FakeLLM, tmp_path: Path
) -> None:
    fake_llm.policy = lambda _request: text("Done; the tests pass.")
    client = openai.AsyncOpenAI(base_url=fake_llm.base_url, api_key="test", max_retries=0)
    settings = HostSettings()
    budget = Budget.of(WINDOW, settings)

    async def model(result: PipelineResult) -> None:
        options: dict[str, Any] = {"tools": result.tools} if result.tools else {}
        await client.chat.completions.create(
            model="fake-model",
            messages=result.messages,  # type: ignore[arg-type]
            **options,
        )

    runtime = await open_memoryd(tmp_path / "memoryd")
    try:
        totals, summarizer = await replay_kit(
            coding_session(TURNS),
            kit_memoryd(runtime, SESSION_ID),
            budget=budget,
            settings=settings,
            session_id=SESSION_ID,
            model=model,
            background_every=2,
        )
        compaction_turns = await rows(
            runtime,
            "turns",
            sa.column("kind") == "compaction",
            sa.column("session_id") == SESSION_ID,
        )
        summaries = [m for m in await live_memories(runtime) if m.created_by == COMPACTION_CREATOR]
    finally:
        await client.close()
        await runtime.close()
        shutil.rmtree(tmp_path / "memoryd", ignore_errors=True)

    requests = fake_llm.requests
    assert len(requests) == totals.calls > 2 * TURNS
    count = estimator(settings.chars_per_token)
    sizes = [
        conversation_tokens(request["messages"], count, tools=request.get("tools") or ())
        for request in requests
    ]
    assert max(sizes) <= budget.usable, max(sizes)

    assert totals.compactions >= 5
    assert totals.summary_compactions / totals.compactions >= 0.8
    assert summarizer.calls == totals.llm_compactions
    assert len(compaction_turns) == len(totals.compaction_events) == totals.compactions
    assert all(turn.summary for turn in compaction_turns)
    assert summaries, "no compaction summary became a working memory"
    assert all(m._mapping["class"] == "working" for m in summaries)
