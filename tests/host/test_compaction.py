"""Stage 4: compaction from memoryd's session summary at no model cost when it is fresh,
by a model otherwise; the last turns, units, protected context and pinned messages kept."""

from __future__ import annotations

import random

import pytest

from daemon.base.settings import HostSettings
from daemon.host.breaker import CompactionBreaker
from daemon.host.compaction import (
    Compactor,
    default_current_turn,
    plan,
    summary_message,
    summary_turn,
)
from daemon.host.protected import ProtectedContext
from daemon.host.summaries import InMemorySummaries, Summary
from daemon.host.summarizer import SYSTEM_PROMPT, ScriptedSummarizer
from daemon.host.tokens import content_text, estimator
from tests.host.chat import (
    SYSTEM,
    answer,
    call,
    result,
    session,
    thinking,
    units_whole,
    user,
)

SUMMARY = "## Goal\nFix rounding.\n\n## Key Decisions\n- Decimal everywhere\n\n## Accomplished\n- x"
COUNT = estimator()


def compactor(
    summaries: dict[str, Summary] | None = None,
    answers: list[str | BaseException] | None = None,
    **settings: object,
) -> tuple[Compactor, InMemorySummaries, ScriptedSummarizer]:
    source = InMemorySummaries(summaries)
    model = ScriptedSummarizer(answers or [])
    chosen = HostSettings.model_validate(settings)
    return Compactor(chosen, COUNT, source, model, CompactionBreaker(3)), source, model


def texts(messages: list[dict[str, object]]) -> list[str]:
    return [content_text(message.get("content")) for message in messages]


async def test_a_fresh_session_summary_replaces_the_old_turns_without_any_model_call() -> None:
    messages = session(10)
    stage, source, model = compactor({"s1": Summary(SUMMARY, through_turn=7, age_seconds=30)})

    done = await stage.compact(messages, session_id="s1")

    assert model.calls == 0 and source.reads == 1
    assert done.source == "summary" and done.through_turn == 7
    assert done.messages[0] == SYSTEM
    assert summary_turn(done.messages[1]) == 7
    assert SUMMARY in content_text(done.messages[1]["content"])
    assert done.messages[2:] == messages[-21:]  # the last 3 turns of 7 messages, verbatim
    assert done.report.tokens_after < done.report.tokens_before
    assert done.report.changed == 7 * 7


async def test_turns_the_summary_does_not_cover_are_kept_verbatim() -> None:
    messages = session(10)
    stage, _, model = compactor({"s1": Summary(SUMMARY, through_turn=5, age_seconds=30)})

    done = await stage.compact(messages, session_id="s1")

    assert model.calls == 0 and done.source == "summary"
    assert summary_turn(done.messages[1]) == 5
    assert done.messages[2:] == messages[-35:]  # turns 6 to 10


async def test_turn_numbers_count_back_from_the_current_turn_the_host_gives() -> None:
    messages = session(10)
    stage, _, model = compactor({"s1": Summary(SUMMARY, through_turn=37, age_seconds=1)})

    done = await stage.compact(messages, session_id="s1", current_turn=40)

    assert model.calls == 0 and done.through_turn == 37


@pytest.mark.parametrize(
    ("summary", "why"),
    [
        (Summary(SUMMARY, through_turn=7, age_seconds=601), "too old"),
        (Summary(SUMMARY, through_turn=2, age_seconds=1), "5 turns uncovered, 4 allowed"),
        (Summary("  ", through_turn=7, age_seconds=1), "empty"),
    ],
)
async def test_a_summary_that_is_not_fresh_goes_to_the_model_with_the_structured_prompt(
    summary: Summary, why: str
) -> None:
    messages = session(10)
    stage, _, model = compactor({"s1": summary}, answers=[SUMMARY])

    done = await stage.compact(messages, session_id="s1")

    assert model.calls == 1, why
    system, request = model.requests[0]
    assert system == {"role": "system", "content": SYSTEM_PROMPT}
    for heading in ("## Goal", "## Key Decisions", "## Accomplished", "## In Progress"):
        assert heading in SYSTEM_PROMPT
    assert "Summarize; do not answer" in SYSTEM_PROMPT
    assert "Turn 1: fix the rounding bug" in request["content"]
    assert "Turn 7: fix" in request["content"]
    assert "Turn 8: fix" not in request["content"]  # a kept turn is not summarized
    assert done.source == "llm" and summary_turn(done.messages[1]) == 7


async def test_images_and_documents_reach_the_summarizer_as_markers_only() -> None:
    picture = {
        "role": "user",
        "content": [
            {"type": "text", "text": "Why does this chart look wrong?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
            {"type": "file", "file": {"file_data": "JVBERi0xLjQK"}},
        ],
    }
    messages = [picture, *session(4)[1:]]
    stage, _, model = compactor(answers=[SUMMARY])

    await stage.compact(messages)

    sent = model.requests[0][1]["content"]
    assert "[image_url]" in sent and "[file]" in sent
    assert "iVBORw0KGgo" not in sent and "JVBERi0xLjQK" not in sent


async def test_a_summary_older_than_the_one_already_in_the_context_is_not_used() -> None:
    earlier = summary_message("## Goal\nold", 6, "llm", ProtectedContext())
    messages = [SYSTEM, earlier, *session(10)[1 + 6 * 7 :]]  # turns 7 to 10 after it
    messages = [*messages, *session(12)[1 + 10 * 7 :]]  # and 11, 12
    stage, _, model = compactor({"s1": Summary(SUMMARY, through_turn=5, age_seconds=1)}, [SUMMARY])

    done = await stage.compact(messages, session_id="s1", current_turn=12)

    assert model.calls == 1 and done.source == "llm"
    assert [summary_turn(m) for m in done.messages].count(9) == 1
    assert sum(summary_turn(m) is not None for m in done.messages) == 1  # the old one replaced


async def test_an_unreachable_summary_source_costs_a_model_call_not_the_turn() -> None:
    class Broken:
        async def summary(self, session_id: str) -> Summary | None:
            raise ConnectionError("memoryd is down")

    chosen = HostSettings()
    model = ScriptedSummarizer([SUMMARY])
    stage = Compactor(chosen, COUNT, Broken(), model)

    done = await stage.compact(session(6), session_id="s1")

    assert done.source == "llm" and model.calls == 1
    assert any("ConnectionError" in note for note in done.report.notes)


async def test_the_breaker_opens_after_three_failures_and_closes_below_the_warning_level() -> None:
    from daemon.host.budget import Pressure

    failures: list[str | BaseException] = [TimeoutError("slow"), RuntimeError("500"), ""]
    stage, _, model = compactor(answers=[*failures, SUMMARY])
    messages = session(6)

    for _ in range(3):
        assert (await stage.compact(messages)).source == "none"
    skipped = await stage.compact(messages)

    assert model.calls == 3 and stage.breaker.open
    assert "the circuit breaker is open" in skipped.report.notes
    stage.breaker.observe(Pressure.WARNING)
    assert stage.breaker.open
    stage.breaker.observe(Pressure.OK)
    assert (await stage.compact(messages)).source == "llm" and model.calls == 4


@pytest.mark.parametrize("keep", [0, 1, 2, 3, 5])
async def test_no_tool_call_is_separated_from_its_result_nor_a_thinking_block_from_its_call(
    keep: int,
) -> None:
    messages = session(7)
    stage, _, _ = compactor(answers=[SUMMARY])

    done = await stage.compact(messages, keep_turns=keep)

    assert done.source == "llm"
    assert units_whole(done.messages)
    kept = [m for m in done.messages[2:]]
    assert kept == messages[len(messages) - len(kept) :]


async def test_protected_context_and_pinned_instructions_survive_compaction() -> None:
    messages = session(8)
    pinned_rule = {"role": "user", "content": "Never touch migrations/.", "pinned": True}
    messages.insert(8, pinned_rule)  # in turn 2 (turn 1 is messages 1 to 7)
    schema_index = messages.index(call("read-3", "file_read", path="src/billing/module_3.py"))
    facts = ProtectedContext(
        mode="build", working_directory="/srv/billing", branch="fix/rounding", agent_depth=1
    )
    stage, _, _ = compactor(answers=[SUMMARY])

    done = await stage.compact(messages, protected=facts, pinned=[schema_index])

    summary = content_text(done.messages[1]["content"])
    for fact in ("Mode: build", "Working directory: /srv/billing", "Branch: fix/rounding"):
        assert fact in summary
    assert "Agent depth: 1" in summary
    assert done.messages[2] == pinned_rule
    # the pinned tool call comes back whole: its thinking block, the call, its result
    assert done.messages[3:6] == messages[schema_index - 1 : schema_index + 2]
    assert done.messages[5] == result("read-3", messages[schema_index + 1]["content"])
    assert units_whole(done.messages)


async def test_a_cursor_on_a_compacted_message_points_at_the_summary() -> None:
    messages = session(6)
    stage, _, _ = compactor(answers=[SUMMARY])

    done = await stage.compact(messages)

    assert done.position(0) == 0  # the system prompt stayed
    assert done.position(3) == done.summary_index == 1
    last = len(messages) - 1
    assert done.messages[done.position(last)] is messages[last]
    with pytest.raises(IndexError):
        done.position(len(messages))


async def test_kept_turns_keep_their_numbers_through_two_compactions() -> None:
    stage, _, _ = compactor(answers=[SUMMARY, SUMMARY])
    first = await stage.compact(session(8))
    grown = [*first.messages, *session(10)[1 + 8 * 7 :]]

    second = await stage.compact(grown)

    assert default_current_turn(grown) == 10
    assert summary_turn(second.messages[1]) == 7
    assert sum(summary_turn(m) is not None for m in second.messages) == 1


async def test_the_same_input_and_summary_give_the_same_output() -> None:
    summaries = {"s1": Summary(SUMMARY, through_turn=6, age_seconds=10)}
    one, _, _ = compactor(summaries)
    two, _, _ = compactor(summaries)

    first = await one.compact(session(9), session_id="s1", current_turn=9)
    again = await two.compact(session(9), session_id="s1", current_turn=9)

    assert first.messages == again.messages and first.report == again.report


async def test_a_conversation_with_no_turn_older_than_the_kept_ones_is_left_as_it_is() -> None:
    messages = [SYSTEM, user("hello"), user("again"), user("third")]
    stage, _, model = compactor(answers=[SUMMARY])

    done = await stage.compact(messages)

    assert done.source == "none" and done.messages == messages and model.calls == 0
    assert plan(messages, 3, 3) is None


def _random_conversation(seed: int) -> list[dict[str, object]]:
    """A system prompt, then 1 to 8 turns of random tool use (some calls with several
    results, some after a thinking block), a pinned rule now and then."""
    rng = random.Random(seed)
    messages: list[dict[str, object]] = [dict(SYSTEM)]
    for turn in range(1, rng.randint(2, 9)):
        messages.append(user(f"request {turn}"))
        if rng.random() < 0.2:
            messages.append({"role": "user", "content": f"rule {turn}", "pinned": True})
        for step in range(rng.randint(0, 3)):
            if rng.random() < 0.5:
                messages.append(thinking(f"plan {turn}.{step}"))
            ids = [f"c{turn}-{step}-{n}" for n in range(rng.randint(1, 3))]
            many = call(ids[0], "grep", pattern="x")
            many["tool_calls"] = [{**many["tool_calls"][0], "id": i} for i in ids]  # type: ignore[index]
            messages.append(many)
            messages.extend(result(i, "match " * rng.randint(1, 50)) for i in ids)
        messages.append(answer(f"done {turn}"))
    return messages


async def test_on_random_conversations_units_pinned_and_the_last_turns_survive() -> None:
    for seed in range(200):
        messages = _random_conversation(seed)
        keep = seed % 4
        stage, _, _ = compactor(answers=[SUMMARY])

        done = await stage.compact(messages, keep_turns=keep)

        assert units_whole(done.messages), seed
        pinned = [m for m in messages if m.get("pinned")]
        assert all(m in done.messages for m in pinned), seed
        if done.source == "none":
            assert done.messages == messages
            continue
        tail = [m for m in messages if m.get("role") == "user" and not m.get("pinned")]
        kept_users = [m for m in done.messages[2:] if m in tail]
        assert kept_users == tail[len(tail) - keep :] if keep else kept_users == [], seed
        for old, new in enumerate(done.positions):
            assert new is None or done.messages[new] is messages[old]


async def test_a_summary_larger_than_what_it_would_replace_leaves_it_to_the_model() -> None:
    huge = Summary("## Goal\n" + "word " * 20_000, through_turn=7, age_seconds=1)
    stage, _, model = compactor({"s1": huge}, answers=[SUMMARY])

    done = await stage.compact(session(10), session_id="s1")

    assert done.source == "llm" and model.calls == 1
    assert "the summary is no smaller than the turns it would replace" in done.report.notes
