"""``POST /v1/context/compact`` in process, on SQLite and the real Redis: the summary served
from the key's scope when fresh and never from another's (by default the one memoryd's
workers keep), trimming at the blocking level,
what each stage saved, deterministic answers, and bodies refused whole."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from daemon.access.grant import Role
from daemon.api.application import create_app
from daemon.api.context_routes import HOST_COPY, SUMMARIES
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.host.compaction import summary_turn
from daemon.host.summaries import Summary
from daemon.host.tokens import content_text, conversation_tokens, estimator
from tests.api.conftest import drop_prefix
from tests.api.in_process import MID_WINDOW, Api
from tests.api.test_delivery_routes import Rig, rig
from tests.backends import unavailable
from tests.harness import work
from tests.host.chat import session
from tests.maintenance import coding_session

pytestmark = [pytest.mark.redis]
__all__ = ["rig"]  # the fixture of the delivery routes' tests, used here too

SUMMARY = "## Goal\nFix the rounding of refunds.\n\n## In Progress\nmodule 8"


class Summaries:
    """Summaries held per (tenant, project, session)."""

    def __init__(self) -> None:
        self.held: dict[tuple[str, str, str], Summary] = {}

    async def summary(self, scope: ScopeKey, session_id: str) -> Summary | None:
        return self.held.get((scope.tenant, scope.project, session_id))


@pytest.fixture
async def api(
    settings_factory: Any, prefix: str, real_redis_error: BaseException | None
) -> AsyncIterator[tuple[Api, Summaries]]:
    if real_redis_error is not None:
        unavailable("Redis", real_redis_error)
    app = create_app(settings_factory(), clock=FakeClock(MID_WINDOW))
    summaries = Summaries()
    setattr(app.state, SUMMARIES, summaries)
    try:
        async with app.router.lifespan_context(app):
            yield Api(app, app.state.ctx.clock), summaries
    finally:
        drop_prefix(prefix)


def window(messages: list[dict[str, Any]], left: int) -> int:
    """The window that leaves ``left`` tokens once the answer's 16,000 are reserved."""
    return conversation_tokens(messages, estimator()) + 16_000 + left


async def test_a_fresh_summary_in_the_keys_scope_compacts_the_request(
    api: tuple[Api, Summaries],
) -> None:
    served, summaries = api
    summaries.held[("acme", "billing", "s-1")] = Summary(SUMMARY, 7, 12.0)
    messages = session(10)
    body = {"messages": messages, "window": window(messages, 8_000), "session_id": "s-1"}
    body["protected"] = {"branch": "fix/refunds", "agent_depth": 0}
    async with served.client(await served.key(Role.READER)) as client:
        first = await client.post("/v1/context/compact", json=body)
        again = await client.post("/v1/context/compact", json=body)

    assert first.status_code == 200, first.text
    answer = first.json()
    assert answer == again.json()  # the same request and summary, the same answer
    assert answer["compaction"] == "summary" and answer["summary_through_turn"] == 7
    assert answer["pressure_before"] == "compact"
    assert answer["messages"][0] == messages[0]
    assert summary_turn(answer["messages"][1]) == 7
    summary = content_text(answer["messages"][1]["content"])
    assert SUMMARY in summary and "Branch: fix/refunds" in summary
    assert answer["messages"][2:] == messages[-21:]
    [stage] = answer["stages"]
    assert stage["stage"] == "compaction" and stage["changed"] == 49
    assert stage["saved"] == stage["tokens_before"] - stage["tokens_after"] > 0
    assert answer["tokens_after"] < answer["tokens_before"]


async def test_another_projects_summary_is_never_served(api: tuple[Api, Summaries]) -> None:
    served, summaries = api
    summaries.held[("acme", "payroll", "s-1")] = Summary(SUMMARY, 7, 12.0)
    messages = session(10)
    body = {"messages": messages, "window": window(messages, 8_000), "session_id": "s-1"}
    async with served.client(await served.key(Role.HOST)) as client:
        answer = (await client.post("/v1/context/compact", json=body)).json()

    assert answer["compaction"] == "none" and answer["messages"] == messages
    assert answer["summary_through_turn"] is None


async def test_at_the_blocking_level_without_a_summary_the_oldest_turn_is_trimmed(
    api: tuple[Api, Summaries],
) -> None:
    served, _ = api
    messages = session(6)
    body = {"messages": messages, "window": window(messages, 1_000), "keep_turns": 2}
    async with served.client(await served.key(Role.READER)) as client:
        answer = (await client.post("/v1/context/compact", json=body)).json()

    assert answer["compaction"] == "trimmed" and answer["pressure_before"] == "blocking"
    assert answer["messages"] == [messages[0], *messages[8:]]
    assert [stage["stage"] for stage in answer["stages"]] == ["compaction", "trimming"]


async def test_with_room_the_request_comes_back_as_it_was(api: tuple[Api, Summaries]) -> None:
    served, _ = api
    messages = [*session(2), {"role": "user", "content": "go on", "pinned": True}]
    tools = [{"type": "function", "function": {"name": "grep", "parameters": {}}}]
    body = {"messages": messages, "tools": tools, "window": 200_000, "system": "Be brief."}
    async with served.client(await served.key(Role.READER)) as client:
        answer = (await client.post("/v1/context/compact", json=body)).json()

    assert answer["messages"] == messages and answer["tools"] == tools
    assert answer["compaction"] == "none" and answer["stages"] == []
    assert answer["pressure_before"] == answer["pressure_after"] == "ok"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"messages": [], "window": 999}, 422),
        ({"messages": [{"role": "robot", "content": "x"}], "window": 50_000}, 422),
        ({"messages": [{"role": "assistant", "tool_calls": "x"}], "window": 50_000}, 422),
        ({"messages": [], "window": 50_000, "unknown": 1}, 422),
        ({"messages": [], "window": 50_000, "session_id": "a\u200bb"}, 422),
    ],
)
async def test_a_bad_body_is_refused_whole(
    api: tuple[Api, Summaries], body: dict[str, Any], status: int
) -> None:
    served, _ = api
    async with served.client(await served.key(Role.READER)) as client:
        response = await client.post("/v1/context/compact", json=body)

    assert response.status_code == status, response.text


async def test_a_window_within_the_reserve_keeps_a_quarter_of_it_for_the_answer(
    api: tuple[Api, Summaries],
) -> None:
    served, _ = api
    messages = session(3, output_lines=200)  # about 6,000 tokens: over 8,000 less 2,000
    body = {"messages": messages, "window": 8_000}
    async with served.client(await served.key(Role.READER)) as client:
        answer = (await client.post("/v1/context/compact", json=body)).json()

    assert answer["pressure_before"] == "blocking" and answer["compaction"] == "trimmed"
    assert answer["messages"] == [messages[0], *messages[8:]]


async def test_a_request_without_a_key_is_refused(api: tuple[Api, Summaries]) -> None:
    served, _ = api
    async with served.client() as client:
        response = await client.post("/v1/context/compact", json={"messages": [], "window": 1})

    assert response.status_code == 401


async def test_every_stage_runs_and_a_truncated_result_points_to_the_host_s_copy(
    api: tuple[Api, Summaries],
) -> None:
    """The route runs the kit's own stages: a 5,000-line tool output comes back cut to the
    line cap, its notice naming the host's copy (memoryd keeps none)."""
    served, _ = api
    huge = "\n".join(f"line {n}: building module_{n}.py ... ok" for n in range(5_000))
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "Build it."},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": huge},
    ]
    async with served.client(await served.key(Role.READER)) as client:
        answer = (
            await client.post("/v1/context/compact", json={"messages": messages, "window": 200_000})
        ).json()

    kept = content_text(answer["messages"][2]["content"])
    assert kept.count("\n") < 2_100
    assert HOST_COPY in kept and "grep it or read parts of it" in kept
    truncation = [stage for stage in answer["stages"] if stage["stage"] == "truncation"]
    assert truncation and truncation[0]["saved"] > 0 and truncation[0]["changed"] == 1


async def test_by_default_the_summary_a_worker_keeps_serves_the_compaction(rig: Rig) -> None:
    """With no other source set, the route reads the summaries memoryd's workers keep (those
    ``GET /v1/sessions/{id}/summary`` serves), in the key's scope: another project's key
    gets no compaction from them."""
    host = await rig.key()
    scope = {"project": "billing", "user": "alice"}
    async with rig.api.client(host) as client:
        events = coding_session.bodies("s-w", coding_session.session(), scope)
        published = await client.post("/v1/events", json=events)
    assert published.status_code == 202, published.text
    await rig.dispatch()
    await work(rig.worker)  # the worker writes the summary, through turn 8
    messages = session(10)
    body = {
        "messages": messages,
        "window": window(messages, 8_000),
        "session_id": "s-w",
        "current_turn": 10,
    }
    async with rig.api.client(host) as client:
        answer = (await client.post("/v1/context/compact", json=body)).json()
    other = await rig.key(Role.READER, projects=("payroll",))
    async with rig.api.client(other) as client:
        outside = (await client.post("/v1/context/compact", json=body)).json()

    assert answer["compaction"] == "summary" and answer["summary_through_turn"] == 7, answer
    assert "## Goal" in content_text(answer["messages"][1]["content"])
    assert outside["compaction"] == "none" and outside["summary_through_turn"] is None
