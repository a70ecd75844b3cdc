"""The gate on set W (:mod:`tests.gate.set_w`): legitimate memories beside set T's new
words are neither cut by redaction nor refused by the main agent's save."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate.screening import Draft, Limits, Screened, screen
from tests.gate.set_w import W_LOOKALIKES

SCOPE = ScopeKey(project="github.com/acme/plant", user="alice")
LIMITS = Limits(200, 4000)

W_KNOWN_MISSES = {
    "The PIN pad on the payment terminal is an Ingenico Lane 3000.": (
        "a number ending a sentence that names a PIN reads as its value"
    ),
}


def _w(text: str) -> object:
    reason = W_KNOWN_MISSES.get(text)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(text, marks=marks, id=repr(text)[:40])


@pytest.mark.parametrize("text", [_w(t) for t in W_LOOKALIKES])
def test_set_w_lookalikes_are_kept_whole(text: str) -> None:
    clean, _ = redact(text)
    assert clean == text
    assert isinstance(screen(Draft("project", "durable", "", clean), SCOPE, LIMITS), Screened)
