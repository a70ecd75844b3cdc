"""The extraction guard skips a turn in which the main agent saved through memoryd's own tools:
when the call named its session and turn, or when the turn's event carries the call and its
successful result, without the host listing ``memory_writes``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from daemon.app.container import Container
from daemon.events.own_tools import is_write_tool
from daemon.store.tables import runs
from daemon.tools.memory import TurnRef
from tests.harness import publisher, rows, run_pipeline
from tests.tools.helpers import caller, tools_of, turn_event

SAID = "Remember that the nightly billing export runs at 02:00 UTC and must end by 04:00."
SAVED = "The nightly billing export runs at 02:00 UTC and must finish by 04:00 UTC."


def _call(name: str, result: Any) -> list[dict[str, Any]]:
    arguments = json.dumps({"type": "project", "title": "Export", "content": SAVED})
    return [
        {"role": "user", "content": SAID},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": name, "arguments": arguments}}
            ],
        },
        *([] if result is None else [{"role": "tool", "tool_call_id": "c1", "content": result}]),
        {"role": "assistant", "content": "Saved."},
    ]


OK = json.dumps({"ok": True, "id": 7, "action": "created", "title": "Export"})


@pytest.mark.parametrize(
    ("name", "result", "saved"),
    [
        ("memory_save", OK, True),
        ("mcp__memoryd__memory_save", OK, True),
        (
            "memoryd.memory_forget",
            json.dumps({"ok": True, "id": 7, "action": "forgotten", "title": "Export"}, indent=2),
            True,
        ),
        # Another memory server's tool of the same name answering its own success: what it
        # saved is not in memoryd, so the turn is still memoryd's to extract.
        ("mcp__othermem__memory_save", json.dumps({"ok": True}), False),
        ("memory_save", json.dumps({"ok": True, "id": "m-9", "status": "stored"}), False),
        ("memory_save", json.dumps({"ok": True, "id": True, "action": "created"}), False),
        ("memory_update", [{"type": "text", "text": OK}], True),
        ("memory_save", "refused (secret): secret; nothing was saved", False),
        ("memory_save", json.dumps({"ok": False}), False),
        ("memory_save", "saved memory 41", False),  # a host's own tool, not memoryd's answer
        ("memory_save", None, False),  # no result in the turn: not known to have succeeded
        ("my_memory_save", OK, False),
        ("memory_search", OK, False),
    ],
)
def test_a_turn_event_shows_a_successful_write_through_memoryds_tools(
    name: str, result: Any, saved: bool
) -> None:
    event = turn_event("s-event", 1, _call(name, result))
    assert event.memory_writes == []
    assert event.main_agent_saved is saved


@pytest.mark.parametrize(
    "result",
    [
        '{"ok": true, "deep": ' + "[" * 3_000 + "]" * 3_000 + "}",  # past the recursion limit
        '{"ok": true, "pad": "' + "x" * 1_000_000 + '"}',  # no answer of ours is that long
    ],
)
def test_a_hostile_tool_result_is_not_a_write_and_breaks_nothing(result: str) -> None:
    event = turn_event("s-hostile", 1, _call("memory_save", result))
    assert event.main_agent_saved is False


def test_write_tool_names() -> None:
    assert is_write_tool("mcp__memoryd__memory_save") and is_write_tool("memoryd/memory_update")
    assert not is_write_tool("__memory_save"[2:] + "x") and not is_write_tool("xmemory_save")


async def _runs(rt: Container, session_id: str) -> list[tuple[str, int]]:
    found = await rows(rt, "runs", runs.c.session_id == session_id)
    return [(r.outcome, r.guarded_turns) for r in found]


async def test_a_save_naming_its_turn_makes_extraction_skip_it(runtime: Container) -> None:
    tools = tools_of(runtime)
    await tools.save(
        caller(), type="project", title="Export", content=SAVED, at=TurnRef("s-named", 1)
    )
    await publisher(runtime).publish_many(
        [
            turn_event("s-named", 1, [{"role": "user", "content": SAID}]),
            turn_event("s-control", 1, [{"role": "user", "content": SAID}]),
        ]
    )
    await run_pipeline(runtime)
    assert await _runs(runtime, "s-named") == [("skipped", 1)]
    assert await _runs(runtime, "s-control") == [("wrote", 0)]
    sources = sorted(m.created_by for m in await rows(runtime, "memories"))
    assert sources == ["agent", "extractor:rules"]


async def test_a_turn_named_from_another_scope_is_still_extracted(runtime: Container) -> None:
    other = caller(projects=("github.com/acme/web",))
    await tools_of(runtime).save(
        other, type="project", title="Export", content=SAVED, at=TurnRef("s-other", 1)
    )
    await publisher(runtime).publish(turn_event("s-other", 1, [{"role": "user", "content": SAID}]))
    await run_pipeline(runtime)
    assert await _runs(runtime, "s-other") == [("wrote", 0)]


async def test_a_refused_save_naming_its_turn_does_not_skip_it(runtime: Container) -> None:
    from daemon.base.errors import ToolRefused

    with pytest.raises(ToolRefused):
        await tools_of(runtime).save(
            caller(), type="project", title="", content="Remember that.", at=TurnRef("s-r", 1)
        )
    await publisher(runtime).publish(turn_event("s-r", 1, [{"role": "user", "content": SAID}]))
    await run_pipeline(runtime)
    assert await _runs(runtime, "s-r") == [("wrote", 0)]


async def test_an_event_carrying_the_call_is_skipped_without_memory_writes(
    runtime: Container,
) -> None:
    await publisher(runtime).publish_many(
        [
            turn_event("s-carried", 1, _call("mcp__memoryd__memory_save", OK)),
            turn_event("s-refused", 1, _call("mcp__memoryd__memory_save", "refused (junk)")),
        ]
    )
    await run_pipeline(runtime)
    assert await _runs(runtime, "s-carried") == [("skipped", 1)]
    assert await _runs(runtime, "s-refused") == [("wrote", 0)]
