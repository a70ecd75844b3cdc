"""Stage 5: the oldest turn dropped, once per call, never splitting a unit."""

from __future__ import annotations

import random

from daemon.host.compaction import summary_message, summary_turn
from daemon.host.protected import ProtectedContext
from daemon.host.tokens import estimator
from daemon.host.trimming import oldest_turn, trim_oldest_turn
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

COUNT = estimator()


def test_one_call_drops_exactly_the_oldest_turn() -> None:
    messages = session(4)

    trimmed, report = trim_oldest_turn(messages, COUNT)

    assert trimmed == [SYSTEM, *messages[8:]]
    assert report.changed == 7 and report.saved > 0


def test_the_system_prompt_pinned_messages_and_a_summary_are_never_dropped() -> None:
    summary = summary_message("## Goal\nx", 3, "summary", ProtectedContext(mode="build"))
    rule = {"role": "user", "content": "Always run the linter.", "pinned": True}
    turns = session(3)[1:]
    messages = [SYSTEM, summary, rule, *turns]

    trimmed, _ = trim_oldest_turn(messages, COUNT)

    assert trimmed == [SYSTEM, summary, rule, *turns[7:]]
    assert summary_turn(trimmed[1]) == 3


def test_a_pinned_tool_call_keeps_its_results_when_its_turn_goes() -> None:
    messages = session(3)
    pinned_call = 3  # turn 1's file read (thinking at 2, result at 4)

    trimmed, _ = trim_oldest_turn(messages, COUNT, pinned=[pinned_call])

    assert trimmed[:4] == [SYSTEM, *messages[2:5]]
    assert units_whole(trimmed)


def test_the_last_turn_is_never_trimmed() -> None:
    messages = session(1)

    trimmed, report = trim_oldest_turn(messages, COUNT)

    assert trimmed == messages and report.changed == 0
    assert report.notes == ("nothing to trim",)


def test_messages_before_the_first_user_message_go_first() -> None:
    messages = [SYSTEM, answer("Ready."), *session(2)[1:]]

    assert oldest_turn(messages) == range(1, 2)


def _random_conversation(seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    messages: list[dict[str, object]] = [dict(SYSTEM)]
    for turn in range(rng.randint(1, 6)):
        messages.append(user(f"request {turn}"))
        for step in range(rng.randint(0, 4)):
            if rng.random() < 0.5:
                messages.append(thinking(f"plan {turn}.{step}"))
            ids = [f"c{turn}-{step}-{n}" for n in range(rng.randint(1, 3))]
            many = call(ids[0], "grep", pattern="x")
            many["tool_calls"] = [{**many["tool_calls"][0], "id": i} for i in ids]
            messages.append(many)
            messages.extend(result(i, "match") for i in ids)
        messages.append(answer(f"done {turn}"))
    return messages


def test_trimming_never_splits_a_unit_on_random_conversations() -> None:
    for seed in range(300):
        messages = _random_conversation(seed)
        for _ in range(8):  # one turn per call, as an agent loop calls it
            trimmed, report = trim_oldest_turn(messages, COUNT)
            assert units_whole(trimmed), seed
            users = sum(m["role"] == "user" for m in messages)
            assert sum(m["role"] == "user" for m in trimmed) == max(users - 1, min(users, 1))
            if not report.changed:
                break
            messages = trimmed
