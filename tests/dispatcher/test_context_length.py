"""A session's messages read after one that names a password or a code
(:mod:`daemon.dispatcher.prepare`): a short message's value-shaped tokens are cut, a long
message keeps its numbers, ids and versions and loses only digits read out one at a time."""

from __future__ import annotations

from daemon.dispatcher.prepare import Preparer
from tests.dispatcher.ao_sessions import _POLICY, events
from tests.dispatcher.set_ao import Message


def _stored(turns: list[list[Message]]) -> list[str]:
    preparer = Preparer(_POLICY)
    return [
        message.content or ""
        for event in events("context-length", turns)
        for message in preparer.prepare(event).messages
    ]


def test_a_long_message_after_a_named_password_keeps_its_numbers() -> None:
    said = (
        "unrelated: the crash reports are in. the build numbers are 5120, 5121 and 5127, "
        "5121 is the one on the pilot handhelds and it came from commit 4be91c2."
    )
    stored = _stored([[("user", "I changed my VPN password this morning."), ("user", said)]])
    assert stored[1] == said


def test_a_short_message_after_a_named_password_loses_its_value() -> None:
    stored = _stored(
        [[("user", "Need the door PIN for the east depot."), ("user", "it's 58261# for now")]]
    )
    assert "58261" not in stored[1]


def test_a_long_message_loses_digits_read_out() -> None:
    said = (
        "ok here it is in words because the label is smudged: five eight two six one, "
        "and please don't write it into the ticket or the wiki page afterwards"
    )
    stored = _stored([[("assistant", "What's the door PIN?"), ("user", said)]])
    assert "five eight two six one" not in stored[1]
    assert "please don't write it into the ticket" in stored[1]
