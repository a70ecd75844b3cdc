"""The identity memo: a value found again for the same message as it was, never for a
changed or another one, and old entries forgotten."""

from __future__ import annotations

from daemon.host.memo import IdentityMemo
from daemon.host.tokens import CachedCounter, Message, estimator, message_tokens


def test_a_value_is_found_again_for_the_same_message() -> None:
    memo: IdentityMemo[int] = IdentityMemo()
    message: Message = {"role": "tool", "content": "output"}
    memo.put(message, 7)

    assert memo.get(message, -1) == 7
    assert memo.values([message, {"role": "tool", "content": "output"}], -1) == [7, -1]


def test_a_message_whose_content_or_calls_were_replaced_in_place_is_a_new_one() -> None:
    memo: IdentityMemo[int] = IdentityMemo()
    message: Message = {"role": "assistant", "content": "a", "tool_calls": []}
    memo.put(message, 1)

    message["content"] = "b"
    assert memo.get(message, -1) == -1
    memo.put(message, 2)
    message["tool_calls"] = [{"id": "c1"}]
    assert memo.values([message], -1) == [-1]


def test_old_entries_are_forgotten_past_two_generations() -> None:
    memo: IdentityMemo[int] = IdentityMemo(limit=2)
    messages: list[Message] = [{"role": "user", "content": str(n)} for n in range(5)]
    for number, message in enumerate(messages):
        memo.put(message, number)

    assert len(memo) <= 4
    assert memo.get(messages[0], -1) == -1 and memo.get(messages[4], -1) == 4


def test_a_cached_counter_counts_a_message_once_and_a_changed_one_again() -> None:
    texts: list[str] = []
    estimate = estimator()

    def count(text: str) -> int:
        texts.append(text)
        return estimate(text)

    counter = CachedCounter(count)
    message: Message = {"role": "user", "content": "hello there"}
    assert message_tokens(message, counter) == message_tokens(message, estimate)
    message_tokens(message, counter)
    assert texts == ["hello there"]

    message["content"] = "a longer text than before"
    assert message_tokens(message, counter) == message_tokens(message, estimate)
    assert counter.messages([message, {"role": "user", "content": "x"}]) == (
        message_tokens(message, estimate) + message_tokens({"content": "x"}, estimate)
    )
    assert len(texts) == 3
