"""The LLM extractor: which context mode it picks, a fork's fallback to delta within the
same run, the manifest it shows, and the Proposal it returns (it never writes)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, StoredPrefix
from daemon.extraction.llm.client import ModelClient
from daemon.extraction.llm.extractor import LLMConfig, LLMExtractor, manifest_lines
from daemon.gate.screening import Limits
from daemon.store.memory import MANIFEST_BYTES, MANIFEST_LINES
from daemon.testing.fakellm import FakeLLM, text, tool_calls
from daemon.testing.fakellm.protocol import memory_done, memory_write
from tests.extraction.llm.helpers import Reader, model_client, msg, staging, turn, view

SCOPE = ScopeKey("github.com/acme/billing", "dana")
HOST = StoredPrefix("You are a coding agent working in the billing repository.", None)
ANSWER = {
    "operations": [
        {"action": "create", "type": "project", "title": "PSP", "content": "Payments use Adyen."}
    ]
}


@pytest.fixture
async def client(fake_llm: FakeLLM) -> AsyncIterator[ModelClient]:
    model = model_client(fake_llm.base_url, max_concurrency=1)
    yield model
    await model.client.close()


def _extractor(client: ModelClient, **config: Any) -> LLMExtractor:
    return LLMExtractor(client, LLMConfig(max_model_calls=4, limits=Limits(120, 2000), **config))


def _batch(*, host: StoredPrefix | None = None, history: bool = False) -> ExtractionBatch:
    return ExtractionBatch(
        session_id="s",
        scope=SCOPE,
        from_turn=2,
        to_turn=2,
        turns=(turn(2, msg("user", "We moved payments to Adyen last week.")),),
        context=(turn(1, msg("user", "hello")),),
        host=host,
        history=history,
    )


async def test_without_the_hosts_prefix_a_run_is_delta_and_returns_the_staged_writes(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    fake_llm.script(
        [tool_calls([memory_write("project", "PSP", "Payments use Adyen."), memory_done()])]
    )
    proposal = await _extractor(client).extract(_batch(), Reader())
    assert proposal.mode == "delta"
    [op] = proposal.ops
    assert (op.action, op.type, op.content, op.turns) == (
        "create",
        "project",
        "Payments use Adyen.",
        (2,),
    )
    assert proposal.usage.model_calls == 1 and proposal.usage.tool_calls == 2
    assert [m["role"] for m in fake_llm.requests[0]["messages"]] == ["system", "user"]


async def test_with_the_whole_history_and_a_host_prefix_a_run_forks(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    fake_llm.script([text(json.dumps(ANSWER))])
    proposal = await _extractor(client).extract(_batch(host=HOST, history=True), Reader())
    assert proposal.mode == "fork"
    assert [op.content for op in proposal.ops] == ["Payments use Adyen."]
    sent = fake_llm.requests[0]["messages"]
    assert sent[0] == {"role": "system", "content": HOST.system_prompt}
    assert sent[-1]["content"].startswith("[memoryd]")


async def test_a_fork_without_a_usable_answer_falls_back_to_delta_in_the_same_run(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    fake_llm.script(
        [
            text("Sure! I will remember that."),
            text("Noted."),
            tool_calls([memory_write("project", "PSP", "Payments use Adyen."), memory_done()]),
        ]
    )
    proposal = await _extractor(client).extract(_batch(host=HOST, history=True), Reader())
    assert proposal.mode == "fork>delta"
    assert [op.content for op in proposal.ops] == ["Payments use Adyen."]
    assert proposal.usage.model_calls == fake_llm.calls == 3


@pytest.mark.parametrize(
    ("config", "batch"),
    [
        ({"context_mode": "delta"}, _batch(host=HOST, history=True)),
        ({}, _batch(host=HOST, history=False)),  # the history does not go back to the start
        ({}, _batch(host=StoredPrefix(None, None), history=True)),  # nothing to replay
        ({"max_prompt_tokens": 10}, _batch(host=HOST, history=True)),  # a fork too long
    ],
)
async def test_delta_is_used_when_a_fork_is_not_possible_or_not_wanted(
    client: ModelClient, fake_llm: FakeLLM, config: dict[str, Any], batch: ExtractionBatch
) -> None:
    fake_llm.script([tool_calls([memory_done()])])
    proposal = await _extractor(client, **config).extract(batch, Reader())
    assert proposal.mode == "delta" and fake_llm.calls == 1


async def test_a_compacted_session_is_never_forked(client: ModelClient, fake_llm: FakeLLM) -> None:
    batch = _batch(host=HOST, history=True)
    compacted = dataclasses.replace(batch.context[0], kind="compaction")
    batch = dataclasses.replace(batch, context=(compacted,))
    fake_llm.script([tool_calls([memory_done()])])
    assert (await _extractor(client).extract(batch, Reader())).mode == "delta"


def test_only_delta_mode_does_without_the_sessions_history(client: ModelClient) -> None:
    assert _extractor(client).wants_history
    assert _extractor(client, context_mode="fork").wants_history
    assert not _extractor(client, context_mode="delta").wants_history


def test_the_manifest_gives_each_memory_its_alias_and_is_capped() -> None:
    views = [view(100 + i, f"Fact number {i}.") for i in range(MANIFEST_LINES + 5)]
    s = staging()
    lines = manifest_lines(views, s)
    assert len(lines) == MANIFEST_LINES
    assert lines[0] == "m1 [project/durable] Fact number 0: Fact number 0."
    assert s.resolve("m1").id == 100


def test_the_manifest_stops_at_its_byte_cap_and_says_how_many_are_left() -> None:
    views = [view(i, f"Fact {i}. " + "x" * 290) for i in range(150)]
    lines = manifest_lines(views, staging())
    assert len("\n".join(lines).encode()) <= MANIFEST_BYTES + len(lines[-1]) + 1
    kept = len(lines) - 1
    assert lines[-1] == f"(manifest capped: {150 - kept} more; use memory_search)"
