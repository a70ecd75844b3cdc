"""The delta request: context marked, the turns to extract named."""

from __future__ import annotations

from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch
from daemon.extraction.llm.delta import delta_messages
from tests.extraction.llm.helpers import msg, turn

SCOPE = ScopeKey("github.com/acme/billing", "dana")


def test_delta_request_marks_context_and_says_which_turns_to_extract() -> None:
    batch = ExtractionBatch(
        session_id="s",
        scope=SCOPE,
        from_turn=3,
        to_turn=4,
        turns=(turn(3, msg("user", "third")), turn(4, msg("user", "fourth"))),
        context=(turn(2, msg("user", "second")),),
    )
    system, user = delta_messages(
        batch, ["m1 [project/durable] A: b"], max_calls=5, budget_tokens=9
    )
    assert "at most 5 model calls" in system["content"]
    body = user["content"]
    assert '<turn n="2" at="2026-11-17T09:02:00Z" note=' in body
    assert '<turn n="3" at="2026-11-17T09:03:00Z">\n[user] third' in body
    assert "extract from turns 3-4" in body
    assert "m1 [project/durable] A: b" in body
    assert "this session has a user" in body
