"""The fork request: the host's exact prefix, then one instruction of ours."""

from __future__ import annotations

from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, StoredPrefix
from daemon.extraction.llm.fork import fork_request
from daemon.testing.fakellm import canonical_prompt
from tests.bench.extract import sessions_load
from tests.extraction.llm.helpers import turn

SCOPE = ScopeKey("github.com/acme/billing", "dana")


def test_fork_request_begins_with_exactly_the_host_prefix() -> None:
    """The fork replays what the host sent, byte for byte in the provider's canonical form:
    its system prompt, its tools unchanged, every message of the session; then one
    instruction message of ours."""
    events = sessions_load(1, 3, host=True)[0]
    host = events[0].host
    assert host is not None
    host_messages = [{"role": "system", "content": host.system_prompt}] + [
        m.model_dump(mode="json", exclude_none=True, exclude={"id"})
        for e in events
        for m in e.messages
    ]
    stored = [
        turn(e.turn, *[m.model_dump(mode="json", exclude={"id"}) for m in e.messages])
        for e in events
    ]
    batch = ExtractionBatch(
        session_id="s",
        scope=SCOPE,
        from_turn=3,
        to_turn=3,
        turns=(stored[2],),
        context=tuple(stored[:2]),
        host=StoredPrefix(host.system_prompt, host.tools),
        history=True,
    )
    messages, tokens = fork_request(batch, batch.host, [])  # type: ignore[arg-type]
    ours = canonical_prompt({"tools": host.tools, "messages": messages})
    theirs = canonical_prompt({"tools": host.tools, "messages": host_messages})
    assert ours.startswith(theirs)
    assert messages[-1]["role"] == "user" and messages[-1]["content"].startswith("[memoryd]")
    assert "the last 5 messages above" in messages[-1]["content"]
    assert tokens > len(theirs) // 4
