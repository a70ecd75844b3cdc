"""Redaction and the gate on set AF (:mod:`tests.gate.set_af`): no secret is stored by a
save or kept in raw material, and the look-alikes (memories about credentials, hashes,
ids and codes that hold none) are kept whole: not refused, nothing redacted. What the first
measurement missed is listed with its reason (strict: a change that mends one says so).
``python -m tests.gate.test_set_af`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.gate.refusal import Refused
from tests.gate.saving import case, leaks, raw_leaks, saved
from tests.gate.set_af import AF_LOOKALIKES, AF_SECRETS

AF_KNOWN_MISSES: dict[str, str] = {}


def _whole(text: str) -> bool:
    """Whether ``text`` is saved whole: nothing redacted from it, and not refused."""
    return redact(text)[0] == text and not isinstance(saved(text), Refused)


def counts() -> str:
    """The set's figures, as one line."""
    stored = sum(leaks(t, s) for t, s in AF_SECRETS)
    raw = sum(raw_leaks(t, s) for t, s in AF_SECRETS)
    whole = sum(_whole(t) for t in AF_LOOKALIKES)
    return (
        f"secrets stored {stored}/{len(AF_SECRETS)} (raw material {raw}),"
        f" look-alikes kept whole {whole}/{len(AF_LOOKALIKES)}"
    )


@pytest.mark.parametrize(("text", "secret"), [case(c, AF_KNOWN_MISSES) for c in AF_SECRETS])
def test_set_af_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AF_KNOWN_MISSES) for c in AF_SECRETS])
def test_set_af_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AF_KNOWN_MISSES) for t in AF_LOOKALIKES])
def test_set_af_lookalikes_are_kept_whole(text: str) -> None:
    assert _whole(text), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
