"""The main agent's save as the sets of tests/gate judge it: the text redacted, then
screened by the gate for a user's scope (no session named); and what the sets' tests share:
whether a secret leaks, a set's figures in one line, a case marked as a known miss."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate.refusal import Refused
from daemon.gate.screening import Draft, Limits, Screened, screen

SCOPE = ScopeKey(project="github.com/acme/plant", user="alice")
LIMITS = Limits(200, 4000)


def saved(text: str) -> Screened | Refused:
    """What the main agent's save stores of ``text``: redacted, then judged by the gate."""
    clean, _ = redact(text)
    return screen(Draft("project", "durable", "", clean), SCOPE, LIMITS)


def shared(got: Screened | Refused) -> bool:
    """Whether what was saved reaches other readers at once (stored, not held)."""
    return isinstance(got, Screened) and not got.held


# A secret longer than this leaks when any run of this many of its characters is stored.
_RUN = 20


def _stored(got: Screened | Refused) -> str:
    """All of the text a save stores (nothing when it is refused)."""
    if isinstance(got, Refused):
        return ""
    return "\n".join(str(part) for part in (got.title, got.content, got.key, got.metadata))


def _holds(stored: str, secret: str) -> bool:
    """Whether ``stored`` holds ``secret``, or a run of it longer than ``_RUN``."""
    if len(secret) <= _RUN:
        return secret in stored
    return any(secret[i : i + _RUN] in stored for i in range(len(secret) - _RUN + 1))


def leaks(text: str, secret: str) -> bool:
    """Whether saving ``text`` stores ``secret`` or a long run of it."""
    return _holds(_stored(saved(text)), secret)


def raw_leaks(text: str, secret: str) -> bool:
    """Whether ``text`` as raw material (a message, a tool's output: redacted, never
    screened) keeps ``secret`` or a long run of it."""
    return _holds(redact(text)[0], secret)


Cases = Sequence[tuple[str, str]]


def figures(
    secrets: Cases, planted: Cases, legit: Cases, junk: Cases, conventions: Cases = ()
) -> str:
    """A set's figures in one line: secrets stored by a save and kept in raw material,
    planted instructions and legitimate memories shared at once, conventions kept (never
    refused), junk kept."""
    stored = sum(leaks(t, s) for t, s in secrets)
    raw = sum(raw_leaks(t, s) for t, s in secrets)
    reached = sum(shared(saved(t)) for t, _ in planted)
    kept = sum(shared(saved(t)) for t, _ in legit)
    ruled = sum(not isinstance(saved(t), Refused) for t, _ in conventions)
    junk_kept = sum(not isinstance(saved(t), Refused) for t, _ in junk)
    line = (
        f"secrets stored {stored}/{len(secrets)} (raw material {raw}),"
        f" planted shared {reached}/{len(planted)}, legit shared {kept}/{len(legit)},"
    )
    if conventions:
        line += f" conventions kept {ruled}/{len(conventions)},"
    return f"{line} junk kept {junk_kept}/{len(junk)}"


def case(values: tuple[str, ...], misses: dict[str, str]) -> object:
    """A case's parameters, marked a strict expected failure when ``misses`` names it."""
    reason = misses.get(values[0])
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(*values, marks=marks, id=repr(values[0])[:40])


def whole(text: str) -> bool:
    """Whether ``text`` is saved whole: nothing redacted from it, and not refused."""
    return redact(text)[0] == text and not isinstance(saved(text), Refused)


def secret_figures(secrets: Cases, lookalikes: Sequence[str]) -> str:
    """A set of secrets' figures in one line: secrets stored by a save and kept in raw
    material, look-alikes kept whole."""
    stored = sum(leaks(t, s) for t, s in secrets)
    raw = sum(raw_leaks(t, s) for t, s in secrets)
    kept = sum(whole(t) for t in lookalikes)
    return (
        f"secrets stored {stored}/{len(secrets)} (raw material {raw}),"
        f" look-alikes kept whole {kept}/{len(lookalikes)}"
    )


def statement_figures(planted: Cases, legit: Cases, conventions: Cases) -> str:
    """A set of planted instructions, legitimate memories and conventions in one line:
    planted shared at once (and refused), legit shared at once, conventions kept."""
    reached = sum(shared(saved(t)) for t, _ in planted)
    refused = sum(isinstance(saved(t), Refused) for t, _ in planted)
    kept = sum(shared(saved(t)) for t, _ in legit)
    ruled = sum(not isinstance(saved(t), Refused) for t, _ in conventions)
    return (
        f"planted shared {reached}/{len(planted)} (refused {refused}),"
        f" legit shared {kept}/{len(legit)}, conventions kept {ruled}/{len(conventions)}"
    )
