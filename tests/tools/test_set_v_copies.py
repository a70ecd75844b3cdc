"""Set V's copies of a host's prompt (:mod:`tests.gate.set_v`): the main agent's save that
names no session but copies, or lightly paraphrases, the system prompt or a tool description
its host sent in a recent session of the same scope is junk, as the same save naming that
session is; saves in that scope sharing the prompt's words, and the same copies saved in a
scope with no such session, are not refused for it."""

from __future__ import annotations

import pytest

from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.tools.memory import REFUSALS, code_of
from tests.gate.set_v import V_HOST_PROMPT, V_HOST_TOOL, V_PROMPT_COPIES, V_PROMPT_KEPT
from tests.harness import publisher, run_pipeline
from tests.tools.helpers import PROJECT, caller, tools_of

# First measured: 9 of 10 copies kept (only the whole prompt refused, by its persona line).
_NOT_READ = "a save naming no session is not read against its scope's recent sessions"
COPIES_KEPT = {t: _NOT_READ for t in V_PROMPT_COPIES if t != V_HOST_PROMPT}


def _copy(text: str) -> object:
    reason = COPIES_KEPT.get(text)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(text, marks=marks, id=text[:40])


async def _session(runtime: Container) -> None:
    event = TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": "tern:1",
            "session_id": "tern",
            "turn": 1,
            "at": runtime.clock.now().isoformat(),
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


@pytest.mark.parametrize("content", [_copy(t) for t in V_PROMPT_COPIES])
async def test_a_save_naming_no_session_copying_a_recent_hosts_prompt_is_junk(
    runtime: Container, content: str
) -> None:
    await _session(runtime)
    assert await _code(runtime, content) == "junk", content


@pytest.mark.parametrize("content", V_PROMPT_KEPT, ids=lambda v: v[:40])
async def test_saves_sharing_the_prompts_words_are_kept(runtime: Container, content: str) -> None:
    await _session(runtime)
    assert await _code(runtime, content) in ("created", "held"), content
