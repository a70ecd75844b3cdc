"""The gate on set W (:mod:`tests.gate.set_w`): legitimate memories beside set T's new
words are neither cut by redaction nor refused by the main agent's save."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.gate.screening import Screened
from tests.gate.saving import saved
from tests.gate.set_w import W_LOOKALIKES

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
    assert redact(text)[0] == text
    assert isinstance(saved(text), Screened)
