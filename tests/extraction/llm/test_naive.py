"""The naive baseline: one call per new turn with the whole transcript up to it, answered
as one JSON object; its two layouts differ only in what comes first."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.base.settings import LLMSettings, load_settings
from daemon.extraction.base import ExtractionBatch
from daemon.extraction.llm.breaker import NoBreaker
from daemon.extraction.llm.client import ModelClient, open_client
from daemon.extraction.llm.extractor import LLMConfig
from daemon.extraction.llm.model_errors import RunIncomplete
from daemon.extraction.llm.naive import Layout, NaiveExtractor, naive_extractor
from daemon.gate.screening import Limits
from daemon.testing.fakellm import FakeLLM, text
from tests.extraction.llm.helpers import Reader, msg, turn

CONFIG = LLMConfig(max_model_calls=4, limits=Limits(120, 2000))
NOTHING = json.dumps({"operations": []})
BATCH = ExtractionBatch(
    session_id="s",
    scope=ScopeKey("github.com/acme/billing", "dana"),
    from_turn=2,
    to_turn=3,
    turns=(turn(2, msg("user", "We moved payments to Adyen.")), turn(3, msg("user", "Thanks."))),
    context=(turn(1, msg("user", "Hello there.")),),
)


@pytest.fixture
async def client(fake_llm: FakeLLM) -> AsyncIterator[ModelClient]:
    settings = LLMSettings(base_url=fake_llm.base_url, model="fake-model", timeout_s=2)
    model = ModelClient(
        open_client(settings),
        model="fake-model",
        breaker=NoBreaker(),
        clock=FakeClock(),
        max_concurrency=1,
    )
    yield model
    await model.client.close()


def _asked(fake: FakeLLM) -> list[str]:
    return [str(r["messages"][-1]["content"]) for r in fake.requests]


async def test_one_call_per_new_turn_with_the_transcript_up_to_it(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    answer = {
        "operations": [
            {
                "action": "create",
                "type": "project",
                "title": "PSP",
                "content": "Payments go through Adyen.",
            }
        ]
    }
    fake_llm.script([text(json.dumps(answer)), text(NOTHING)])
    proposal = await NaiveExtractor(client, CONFIG).extract(BATCH, Reader())
    assert [op.content for op in proposal.ops] == ["Payments go through Adyen."]
    assert proposal.usage.model_calls == 2 and proposal.usage.tool_calls == 1
    first, second = _asked(fake_llm)
    assert "Hello there." in first and "payments to Adyen" in first and "Thanks." not in first
    assert "Extract from the last turn only (turn 2)" in first
    assert "Thanks." in second and "(turn 3)" in second


@pytest.mark.parametrize(
    ("layout", "opening"),
    [
        ("header_first", "[memoryd] Time of the last turn:"),
        ("transcript_first", "[memoryd] Transcript so far:"),
    ],
)
async def test_the_layout_decides_what_opens_the_message(
    client: ModelClient, fake_llm: FakeLLM, layout: Layout, opening: str
) -> None:
    fake_llm.script([text(NOTHING), text(NOTHING)])
    await NaiveExtractor(client, CONFIG, layout).extract(BATCH, Reader())
    assert all(asked.startswith(opening) for asked in _asked(fake_llm))


async def test_an_answer_that_is_not_json_fails_the_run_with_what_it_spent(
    client: ModelClient, fake_llm: FakeLLM
) -> None:
    fake_llm.script([text("I will remember that.")])
    with pytest.raises(RunIncomplete, match="not a JSON answer") as caught:
        await NaiveExtractor(client, CONFIG).extract(BATCH, Reader())
    assert caught.value.usage is not None and caught.value.usage.model_calls == 1


async def test_the_baseline_shares_the_llm_extractors_client_and_limits() -> None:
    settings = load_settings(
        llm={"model": "m", "base_url": "http://model.invalid/v1"},
        extraction={"max_model_calls": 3},
    )
    naive = naive_extractor(settings, layout="transcript_first", clock=FakeClock())
    try:
        assert naive.layout == "transcript_first" and naive.wants_history
        assert naive.client.model == "m" and naive.config.max_model_calls == 3
    finally:
        await naive.aclose()
