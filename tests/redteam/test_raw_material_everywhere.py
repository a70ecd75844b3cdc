"""What the precise rules miss cannot stay: a random token of each alphabet, with no keyword
and no prefix, is masked in every place raw material is stored or sent (issue 19).

The places: a message's content, its name, a tool call's arguments and name, a tool's output
(spilled too when it is big), the host's system prompt and tool schemas, the agent's facts, a
compaction summary, a dead letter's payload, a run's refusal and a log line; what a model is
sent is built from the prepared turn. Every token is drawn from a seeded generator.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
import structlog

from daemon.base.logs import configure_logging, reset_logging
from daemon.base.settings import LogSettings
from daemon.dispatcher.dispatcher import _without_secrets
from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.events.models import TurnEvent
from daemon.extraction.base import Refusal
from daemon.extraction.runner import _kept
from daemon.store.compaction import redacted_summary
from tests.base.test_raw_material import BARE

TOKENS = sorted(BARE.items())


def _pieces(token: str) -> list[str]:
    return [p for p in token.replace(":", "-").split("-") if len(p) >= 6]


def _absent(token: str, stored: str) -> bool:
    return not any(piece in stored for piece in _pieces(token))


def _event(token: str, big: bool) -> TurnEvent:
    said = f"the value for the feed is {token} and it works"
    output = (said + "\n") * (400 if big else 1)
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": "e1",
            "session_id": "s1",
            "turn": 1,
            "at": "2026-11-27T09:00:00Z",
            "scope": {"project": "p"},
            "host": {
                "system_prompt": f"You are the desk assistant. Internal value: {token}.",
                "tools": [
                    {
                        "type": "function",
                        "function": {
                            "name": "narrate",
                            "description": f"Reads aloud. Sent with {token} for you.",
                            "parameters": {
                                "type": "object",
                                "properties": {"v": {"type": "string", "default": token}},
                            },
                        },
                    }
                ],
            },
            "agent": {"cwd": "/srv/desk", "branch": "main", "mode": "code"},
            "summary": f"Earlier we set the feed up with {token}.",
            "messages": [
                {"id": "m1", "role": "user", "content": said},
                {
                    "id": "m2",
                    "role": "assistant",
                    "content": said,
                    "tool_calls": [
                        {
                            "id": "c1",
                            "function": {
                                "name": "bash",
                                "arguments": json.dumps(
                                    {"command": f"feedctl --value {token} sync"}
                                ),
                            },
                        }
                    ],
                },
                {"id": "m3", "role": "tool", "tool_call_id": "c1", "content": output},
            ],
        }
    )


@pytest.mark.parametrize("big", [False, True], ids=["inline", "spilled"])
@pytest.mark.parametrize(("name", "token"), TOKENS, ids=[n for n, _ in TOKENS])
def test_no_stored_field_of_an_event_keeps_a_bare_token(name: str, token: str, big: bool) -> None:
    event = _event(token, big)
    prepared = Preparer(SpillPolicy(max_lines=50, max_bytes=4_000, preview_lines=3)).prepare(event)
    assert _absent(token, prepared.event.model_dump_json()), name
    assert all(_absent(token, repr(message)) for message in prepared.messages)
    assert all(_absent(token, spill.text) for spill in prepared.spills)
    assert not big or prepared.spills
    assert prepared.prefix_redacted


@pytest.mark.parametrize(("name", "token"), TOKENS, ids=[n for n, _ in TOKENS])
def test_summaries_dead_letters_refusals_and_logs_keep_no_bare_token(name: str, token: str) -> None:
    said = f"the value for the feed is {token}"
    summary = redacted_summary(f"We wired the feed. {said}.") or ""
    assert _absent(token, summary) and "[redacted:" in summary
    dead = _without_secrets(json.dumps({"v": 9, "unknown": said}).encode()).decode()
    assert _absent(token, dead)
    broken = _without_secrets(f"not json {said} trailing".encode()).decode()
    assert _absent(token, broken)
    kept: dict[str, Any] = _kept(Refusal(f"refused {said}", f"Feed value: {token}.", 1))
    assert _absent(token, json.dumps(kept))
    out = io.StringIO()
    configure_logging(LogSettings(level="info", format="json"), stream=out)
    try:
        structlog.get_logger("test").info("feed.wired", detail=said, items=[token])
    finally:
        reset_logging()
    assert _absent(token, out.getvalue()) and "feed.wired" in out.getvalue()
