"""A stage's tally: the count after it kept from the messages it changed equals a recount."""

from __future__ import annotations

from daemon.host.tally import Tally
from daemon.host.tokens import conversation_tokens, estimator
from tests.host.conversation import coding_session

COUNT = estimator()


def test_the_tally_after_changes_equals_a_recount() -> None:
    messages = coding_session().messages
    tally = Tally(messages, COUNT)
    assert tally.before == tally.after == conversation_tokens(messages, COUNT)
    changed = list(messages)
    new = {**messages[4], "content": "[pruned]"}
    tally.replaced(messages[4], new)
    changed[4] = new
    tally.dropped(messages[1])
    del changed[1]
    tally.added({"role": "user", "content": "One more thing."})
    changed.append({"role": "user", "content": "One more thing."})
    assert tally.after == conversation_tokens(changed, COUNT)
    report = tally.report("stage", 2, ["two changes"])
    assert report.saved == conversation_tokens(messages, COUNT) - conversation_tokens(
        changed, COUNT
    )
    assert report.notes == ("two changes",)


def test_a_count_the_caller_passes_is_taken_as_it_is() -> None:
    messages = coding_session().messages
    assert Tally(messages, COUNT, tokens=12_345).before == 12_345
