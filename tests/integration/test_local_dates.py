"""End to end: a relative date is made absolute in the host's calendar, not in UTC's.

An event sent at 23:30 in Los Angeles (07:30 the next day in UTC) with ``timezone`` set says
"the deploy is tomorrow": the memory the rules extractor keeps names the next local day, and
so does the main agent's own save that names the session's turn.
"""

from __future__ import annotations

from typing import Any

from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.tools.memory import TurnRef
from tests.harness import live_memories, publisher, run_pipeline
from tests.tools.helpers import PROJECT, caller, tools_of

LOCAL_NEXT_DAY = "2026-11-18"  # said on 2026-11-17 at 23:30 in Los Angeles
UTC_NEXT_DAY = "2026-11-19"  # what the UTC date (2026-11-18) would have given


def _event(turn: int, content: str, **fields: Any) -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"tz:{turn}",
            "session_id": "tz",
            "turn": turn,
            "at": "2026-11-18T07:30:00Z",
            "scope": {"project": PROJECT, "user": "alice", "tenant": "acme"},
            "messages": [{"id": f"m{turn}", "role": "user", "content": content}],
            **fields,
        }
    )


async def test_tomorrow_said_late_in_los_angeles_is_the_next_local_day(
    runtime: Container,
) -> None:
    event = _event(
        1, "Remember that the deploy is tomorrow at 10:00.", timezone="America/Los_Angeles"
    )
    await publisher(runtime).publish(event)
    await run_pipeline(runtime)
    [memory] = await live_memories(runtime)
    assert f"tomorrow ({LOCAL_NEXT_DAY})" in memory.content, memory.content
    assert UTC_NEXT_DAY not in memory.content

    saved = await tools_of(runtime).save(
        caller(),
        type="project",
        title="Billing deploy",
        content="The billing deploy is tomorrow, after the freeze.",
        at=TurnRef("tz", 1),
    )
    contents = {m.id: m.content for m in await live_memories(runtime)}
    assert contents[saved.id] == (
        f"The billing deploy is tomorrow ({LOCAL_NEXT_DAY}), after the freeze."
    )
