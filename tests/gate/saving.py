"""The main agent's save as the sets of tests/gate judge it: the text redacted, then
screened by the gate for a user's scope (no session named)."""

from __future__ import annotations

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
