"""LLM compaction's prompt, and the summarizers: the configured model's and the scripted one."""

from __future__ import annotations

import pytest

from daemon.base.settings import LLMSettings
from daemon.host.summarizer import (
    HEADINGS,
    SYSTEM_PROMPT,
    ModelSummarizer,
    ScriptedSummarizer,
    summary_request,
    transcript,
)
from daemon.testing import FakeLLM, text
from tests.host.chat import call, result, thinking, user


def test_the_prompt_asks_for_a_summary_under_the_five_headings_and_no_answer() -> None:
    for heading in HEADINGS:
        assert f"## {heading}\n" in SYSTEM_PROMPT
    assert "do not answer" in SYSTEM_PROMPT
    positions = [SYSTEM_PROMPT.index(f"## {heading}") for heading in HEADINGS]
    assert positions == sorted(positions)


def test_the_transcript_holds_text_tool_calls_and_results_but_no_thinking() -> None:
    messages = [
        user("Fix it"),
        thinking("secret plan"),
        call("c1", "file_read", path="a.py"),
        result("c1", "print(1)"),
    ]

    shown = transcript(messages)

    assert shown == (
        '[user] Fix it\n\n[tool call file_read] {"path": "a.py"}\n\n[tool result] print(1)'
    )
    request = summary_request(messages)
    assert request[0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert shown in request[1]["content"] and "Do not answer it." in request[1]["content"]


async def test_the_model_summarizer_sends_the_request_to_the_configured_endpoint(
    fake_llm: FakeLLM,
) -> None:
    fake_llm.script([text("## Goal\nFix it")])
    settings = LLMSettings(base_url=fake_llm.base_url, model="fake-model", api_key="test")
    summarizer = ModelSummarizer.of(settings)

    answer = await summarizer.summarize(summary_request([user("Fix it")]))

    assert answer == "## Goal\nFix it"
    assert fake_llm.calls == 1
    assert fake_llm.requests[0]["messages"][0]["content"] == SYSTEM_PROMPT
    await summarizer.client.close()


def test_a_model_summarizer_needs_a_model() -> None:
    with pytest.raises(ValueError, match="MEMORYD_LLM__MODEL"):
        ModelSummarizer.of(LLMSettings(model=None))


async def test_the_scripted_summarizer_answers_in_turn_and_raises_what_it_is_given() -> None:
    scripted = ScriptedSummarizer(["one", TimeoutError("slow")])

    assert await scripted.summarize([]) == "one"
    with pytest.raises(TimeoutError):
        await scripted.summarize([])
    with pytest.raises(RuntimeError, match="no answer left"):
        await scripted.summarize([])
    assert scripted.calls == 3
