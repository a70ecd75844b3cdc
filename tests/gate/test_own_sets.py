"""The gate on the sets of :mod:`tests.gate.own_sets`: what each holds back stays held back,
and what each keeps stays kept."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate.refusal import Reason, Refused
from daemon.gate.screening import Draft, Limits, Screened, screen
from tests.gate.own_sets import (
    J2_JUNK,
    J2_KEPT,
    M_FACTS,
    M_PLANTED,
    N_FACTS,
    N_SECRETS,
    Q_LOOKALIKES,
    Q_SECRETS,
)

SCOPE = ScopeKey(project="github.com/acme/plant", user="alice")
LIMITS = Limits(200, 4000)


def _saved(text: str) -> Screened | Refused:
    """What the main agent's save stores of ``text``: redacted, then judged by the gate."""
    clean, _ = redact(text)
    return screen(Draft("project", "durable", "", clean), SCOPE, LIMITS)


def _shared(got: Screened | Refused) -> bool:
    return isinstance(got, Screened) and not got.held


@pytest.mark.parametrize("text", M_PLANTED, ids=lambda v: v[:40])
def test_set_m_instructions_are_not_shared_at_once(text: str) -> None:
    assert not _shared(_saved(text)), text


# An imperative ("Use project id … for the East works.") is a convention: held, not refused.
N_CONVENTIONS = frozenset(t for t in N_FACTS if t.startswith("Use "))


@pytest.mark.parametrize(
    "text", M_FACTS + [t for t in N_FACTS if t not in N_CONVENTIONS], ids=lambda v: v[:40]
)
def test_set_m_and_n_facts_are_shared_at_once(text: str) -> None:
    assert _shared(_saved(text)), text


@pytest.mark.parametrize("text", sorted(N_CONVENTIONS), ids=lambda v: v[:40])
def test_set_n_conventions_are_held_not_refused(text: str) -> None:
    got = _saved(text)
    assert isinstance(got, Screened) and got.held, text


@pytest.mark.parametrize(
    ("text", "value"),
    N_SECRETS,
    ids=lambda v: str(v)[:40],
)
def test_set_n_secrets_never_reach_another_user(text: str, value: str) -> None:
    got = _saved(text)
    assert not (_shared(got) and isinstance(got, Screened) and value in got.content), text


@pytest.mark.parametrize("text", J2_JUNK, ids=lambda v: repr(v)[:40])
def test_set_j2_junk_is_refused(text: str) -> None:
    assert isinstance(_saved(text), Refused), text


@pytest.mark.parametrize("text", J2_KEPT, ids=lambda v: v[:40])
def test_set_j2_short_memories_are_kept(text: str) -> None:
    assert isinstance(_saved(text), Screened), text


@pytest.mark.parametrize(("text", "value"), Q_SECRETS, ids=lambda v: str(v)[:40])
def test_set_q_secrets_are_cut_from_raw_material(text: str, value: str) -> None:
    """What is stored or sent of a message (its text, a tool call's arguments or output)."""
    assert value not in redact(text)[0], text


@pytest.mark.parametrize(("text", "value"), Q_SECRETS, ids=lambda v: str(v)[:40])
def test_set_q_secrets_never_reach_another_user(text: str, value: str) -> None:
    got = _saved(text)
    assert not (_shared(got) and isinstance(got, Screened) and value in got.content), text


@pytest.mark.parametrize(("text", "value"), Q_LOOKALIKES, ids=lambda v: str(v)[:40])
def test_set_q_look_alikes_keep_their_value_and_are_not_refused_as_secrets(
    text: str, value: str
) -> None:
    assert value in redact(text)[0], text
    got = _saved(text)
    assert not (isinstance(got, Refused) and got.reason is Reason.SECRET), got
