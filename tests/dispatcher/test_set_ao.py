"""Redaction on set AO (:mod:`tests.dispatcher.set_ao`): agent sessions whose secrets are
spread over turns, messages and speakers, prepared turn by turn as the dispatcher prepares
them (:mod:`tests.dispatcher.ao_sessions`). No secret may survive in anything stored; a
clean session is stored whole. Measured once before any rule was tuned on it; what is still
missed is listed with its reason (strict: a change that mends one says so).
``python -m tests.dispatcher.ao_sessions`` prints the figures."""

from __future__ import annotations

import pytest

from tests.dispatcher.ao_sessions import changed, leaked
from tests.dispatcher.set_ao import AO_CLEAN, AO_SESSIONS, Message

# The first measurement (main 027b3ba, before any rule was tuned on AO): "sessions with a
# secret stored 32/90, secrets stored 46/130, clean sessions stored whole 38/40". AO is
# tuning data since: its misses were read and rules written on them (the chat messages after
# one that names a password, a passphrase or a code lose their value-shaped tokens, in the
# next turn too; password words by their stems; PIN in Cyrillic and Ge'ez, Zulu's code; the
# parts of a value announced in some thirty languages; a checksum tool's line and a named
# serial are no secrets; a digest's start is no part of one; a security question's answer;
# a passphrase after "it's:"; a password read out letter by letter with its cases; an access
# code's compound written as one word; a NATO reading with "niner"; what a value starts or
# goes on with in some forty languages). None is missed now: "sessions with a secret stored
# 0/90, secrets stored 0/130, clean sessions stored whole 40/40".
_LEFT = "missed at the first measurement (027b3ba)"
#: The sessions still missed, and why (each an expected failure, strict).
AO_KNOWN_MISSES: dict[str, str] = {}


def _case(name: str, turns: list[list[Message]], secrets: list[str]) -> object:
    reason = AO_KNOWN_MISSES.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"{_LEFT}: {reason}")] if reason else []
    return pytest.param(name, turns, secrets, marks=marks, id=name)


@pytest.mark.parametrize(("name", "turns", "secrets"), [_case(*c) for c in AO_SESSIONS])
def test_set_ao_no_secret_survives_a_session(
    name: str, turns: list[list[Message]], secrets: list[str]
) -> None:
    assert leaked(name, turns, secrets) == []


@pytest.mark.parametrize(("name", "turns"), AO_CLEAN, ids=[name for name, _ in AO_CLEAN])
def test_set_ao_a_clean_session_is_stored_whole(name: str, turns: list[list[Message]]) -> None:
    assert changed(name, turns) == []
