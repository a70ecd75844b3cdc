"""Set V's copies of a host's prompt (:mod:`tests.gate.set_v`): the main agent's save that
names no session but copies, or lightly paraphrases, the system prompt or a tool description
its host sent in a recent session of the same scope is junk, as the same save naming that
session is; saves in that scope sharing the prompt's words, and the same copies saved in a
scope with no such session, are not refused for it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.tools.memory import REFUSALS, code_of
from tests.gate.set_v import V_HOST_PROMPT, V_HOST_TOOL, V_PROMPT_COPIES, V_PROMPT_KEPT
from tests.harness import publisher, run_pipeline
from tests.tools.helpers import PROJECT, caller, tools_of

# First measured before the save naming no session was read against its scope's recent
# sessions: 9 of 10 copies kept (only the whole prompt refused, by its persona line).
OTHER = "github.com/acme/elsewhere"


async def _session(runtime: Container, days_ago: int = 0) -> None:
    event = TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"tern{days_ago}:1",
            "session_id": f"tern{days_ago}",
            "turn": 1,
            "at": (runtime.clock.now() - timedelta(days=days_ago)).isoformat(),
            "scope": {"project": PROJECT, "user": "alice", "tenant": "acme"},
            "host": {"system_prompt": V_HOST_PROMPT, "tools": [V_HOST_TOOL]},
            "messages": [{"id": "u1", "role": "user", "content": "When can 5.2 ship?"}],
        }
    )
    await publisher(runtime).publish(event)
    await run_pipeline(runtime)


async def _code(runtime: Container, content: str, project: str = PROJECT) -> str:
    """``junk`` (or another refusal's code) when the save is refused, else its action."""
    who = caller(projects=(project,)) if project != PROJECT else caller()
    try:
        done = await tools_of(runtime).save(who, type="project", title="Release", content=content)
    except REFUSALS as exc:
        return code_of(exc)
    return done.action


@pytest.mark.parametrize("content", V_PROMPT_COPIES, ids=lambda v: v[:40])
async def test_a_save_naming_no_session_copying_a_recent_hosts_prompt_is_junk(
    runtime: Container, content: str
) -> None:
    await _session(runtime)
    assert await _code(runtime, content) == "junk", content


@pytest.mark.parametrize("content", V_PROMPT_KEPT, ids=lambda v: v[:40])
async def test_saves_sharing_the_prompts_words_are_kept(runtime: Container, content: str) -> None:
    await _session(runtime)
    assert await _code(runtime, content) in ("created", "held"), content


_NOT_READ_ALONE = [  # copies the gate alone keeps: only the session's prompt tells them
    "Escalate store rejections to the mobile lead.",
    "Never merge pull requests on your own.",
    "Look up the release calendar for a given app and week.",
]


@pytest.mark.parametrize("content", _NOT_READ_ALONE, ids=lambda v: v[:40])
async def test_another_scope_and_an_old_session_tell_nothing(
    runtime: Container, content: str
) -> None:
    """A save in a project with no such session is not read against this one's prompt, nor
    is a save against a session whose last event is older than the recent window."""
    await _session(runtime, days_ago=30)
    assert await _code(runtime, content) in ("created", "held"), content
    await _session(runtime)
    assert await _code(runtime, content, OTHER) in ("created", "held"), content
