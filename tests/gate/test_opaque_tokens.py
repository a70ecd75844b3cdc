"""Opaque tokens a memory does not explain (daemon.gate.opaque_tokens), and the gate that
refuses them: a key no rule knows is refused by what it lacks (a name saying it is a public
identifier), and the commits, digests, ids and identifiers a memory legitimately holds pass.
Every text here was written for this file."""

from __future__ import annotations

import pytest

from daemon.base.scope import ScopeKey
from daemon.gate import Draft, Limits, Reason, Refused, Screened, screen
from daemon.gate.opaque_tokens import MARK, opaque_tokens, unexplained
from tests.linear import MAX_RATIO, ratio

_SCOPE = ScopeKey(project="p", user="u", tenant="t")
_LIMITS = Limits(200, 4000)


@pytest.mark.parametrize(
    "text",
    [
        "Value for the map service env: 5be0c2d71f9a48e3b6d05a2c7e91f4b8",
        "Prod Helm values: metrics ak 7d1c0e9b42af58e6c3b0d9a17e2f64c5 on the EU site.",
        "The kiosk's vendor code is tY83bQz2LmV91xKpW5cR.",
        "The build's API key 9f2b6d1e8c4a07f3e5b9d2c6a1f8e4b7 is in the runbook.",
    ],
)
def test_an_unnamed_opaque_token_is_refused_and_not_echoed(text: str) -> None:
    assert opaque_tokens(text)
    outcome = screen(Draft("project", "durable", "", text), _SCOPE, _LIMITS)
    assert isinstance(outcome, Refused) and outcome.reason is Reason.SECRET
    token = text[slice(*opaque_tokens(text)[0])]
    assert token not in outcome.excerpt and token not in outcome.detail


@pytest.mark.parametrize(
    "text",
    [
        "The regression started at commit 4f1e9a2c7b0d3e8f5a6c1b9d2e7f0a3c4b5d6e7f.",
        "The installer's SHA-256 is 3f9a1c07d2b84e6f5a0c9e1d7b3f28a46c5e0d9b1a7f3c2e8d4b6a0f1e9c7d3"
        "5.",
        "Tenant acme's id is 6f1d2c3b-8e4a-4f5b-9c7d-0a1b2c3d4e5f.",
        "The image digest sha256:0b7e3f9a1c5d2e8f4a6b0c9d3e7f1a5b2c8d4e0f6a9b3c7d1e5f2a8b4c0d6e9f"
        " is pinned.",
        "Flaky: test_merge_a40_timeout_handler_retries fails on CI.",
        "Docs live at https://docs.example.com/runbooks/4f1e9a2c7b0d3e8f5a6c1b9d2e7f0a3c/page.",
        "Request id 01HZX3V8K2M9Q4R7T5W0Y6B1CD shows the timeout.",
        "Use uv, not pip.",
    ],
)
def test_named_identifiers_and_plain_text_pass(text: str) -> None:
    assert opaque_tokens(text) == [], text
    assert unexplained(text) is None
    assert isinstance(screen(Draft("project", "durable", "", text), _SCOPE, _LIMITS), Screened)


def test_the_marked_text_keeps_the_rest() -> None:
    text = "Map env: 5be0c2d71f9a48e3b6d05a2c7e91f4b8, region eu."
    assert unexplained(text) == f"Map env: {MARK}, region eu."


def test_reading_tokens_is_linear() -> None:
    def worst(size: int) -> str:
        return ("commit " + "a1" * 12 + " key " + "b2" * 12 + " ") * (size // 64)

    grown = ratio(opaque_tokens, worst(64 * 1024), worst(512 * 1024))
    assert grown < MAX_RATIO, f"{grown:.1f}x the work for 8x the input"


# Tuned on set F: a login ticket, a value after "=", a hex token whose a-to-f runs look like
# words; an issue ticket's short id, a named digest and a joined name still pass.
@pytest.mark.parametrize(
    "text",
    [
        "Perforce builder ticket: 8C747135B35438825873517005D2E420.",
        "Art drop link signature q-signature=cca78796af113f9a8edbbefce86630449642b97f.",
        "The kerberos ticket is 4e1f9a0b7c2d5e8f1a3b6c9d0e2f4a7b for the farm.",
    ],
)
def test_a_ticket_or_a_value_after_an_equals_sign_is_refused(text: str) -> None:
    assert opaque_tokens(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The crash is tracked in ticket EMB-1999 and ticket JIRA-20411.",
        "Release build sha256=cca78796af113f9a8edbbefce86630449642b97fcca78796af113f9a8edbbefc.",
        "The flag is feature_enable_new_matchmaker_2024 in the config.",
    ],
)
def test_short_tickets_named_digests_and_names_pass(text: str) -> None:
    assert opaque_tokens(text) == [], text
