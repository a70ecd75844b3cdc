"""Delivery a host can see: what ``POST /v1/events`` answers per event, and the states
``GET /v1/events/{id}`` and ``GET /v1/sessions/{id}`` report (accepted, stored, extracted,
dead-lettered), bound by the key's scope like every route, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.api.application import create_app
from daemon.app.container import Container, open_container
from daemon.base.clock import FakeClock, SystemClock
from daemon.base.settings import Settings
from tests.api.conftest import drop_prefix
from tests.api.in_process import MID_WINDOW, Api
from tests.backends import unavailable
from tests.harness import work

pytestmark = [pytest.mark.redis]


@dataclass
class Rig:
    api: Api
    worker: Container

    async def key(
        self,
        role: Role = Role.HOST,
        *,
        tenant: str = "acme",
        projects: tuple[str, ...] = ("billing",),
        user: str | None = None,
    ) -> str:
        made = await create_key(
            self.api.ctx.store,
            self.api.clock,
            tenant=tenant,
            projects=projects,
            user=user,
            role=role,
        )
        return made.key

    async def dispatch(self) -> None:
        await self.worker.dispatcher(consumer="delivery-test").run(burst=True)


@pytest.fixture
async def rig(
    settings_factory: Any, prefix: str, real_redis_error: BaseException | None
) -> AsyncIterator[Rig]:
    """The API in this process and a worker's container on the same store (SQLite or
    PostgreSQL, by ``backend``) and the real Redis."""
    if real_redis_error is not None:
        unavailable("Redis", real_redis_error)
    settings: Settings = settings_factory()
    app = create_app(settings, clock=FakeClock(MID_WINDOW))
    try:
        async with app.router.lifespan_context(app):
            worker = await open_container(settings, clock=SystemClock())
            try:
                yield Rig(Api(app, app.state.ctx.clock), worker)
            finally:
                await worker.close()
    finally:
        drop_prefix(prefix)


def event(
    event_id: str,
    session_id: str = "s-1",
    turn: int = 1,
    *,
    project: str = "billing",
    user: str | None = None,
    text: str = "Please remember that the billing service deploys on Tuesdays.",
) -> dict[str, Any]:
    scope: dict[str, str] = {"project": project}
    if user is not None:
        scope["user"] = user
    return {
        "v": 1,
        "event_id": event_id,
        "session_id": session_id,
        "turn": turn,
        "at": "2026-01-01T00:00:00Z",
        "scope": scope,
        "messages": [{"id": f"{event_id}-m1", "role": "user", "content": text}],
    }


async def _status(rig: Rig, key: str, event_id: str) -> tuple[int, Any]:
    async with rig.api.client(key) as client:
        response = await client.get(f"/v1/events/{event_id}")
    return response.status_code, response.json()


async def _session(rig: Rig, key: str, session_id: str) -> tuple[int, Any]:
    async with rig.api.client(key) as client:
        response = await client.get(f"/v1/sessions/{session_id}")
    return response.status_code, response.json()


async def _post(rig: Rig, key: str, body: Any) -> tuple[int, Any]:
    async with rig.api.client(key) as client:
        response = await client.post("/v1/events", json=body)
    return response.status_code, response.json()


async def test_the_publish_answer_says_what_became_of_each_event(rig: Rig) -> None:
    """Each event is answered `accepted` (with where to poll) or `refused` with its code and
    reason, beside the fields the answer always had."""
    key = await rig.key()
    bad = {**event("e-bad"), "turn": "one"}
    status, body = await _post(rig, key, [event("e-1"), bad, event("e-x", project="other")])
    assert status == 422
    (accepted,) = body["accepted"]
    assert accepted["state"] == "accepted"
    assert accepted["status_url"] == "/v1/events/e-1"
    assert {"index", "event_id", "session_id", "entry_id"} <= set(accepted)
    refused = {r["event_id"]: r for r in body["refused"]}
    assert refused["e-bad"]["state"] == "refused"
    assert refused["e-bad"]["code"] == "invalid_event"
    assert refused["e-x"]["code"] == "scope_outside_key"
    assert [e["state"] for e in body["events"]] == ["accepted", "refused", "refused"]
    assert [e["index"] for e in body["events"]] == [0, 1, 2]


async def test_an_event_is_accepted_then_stored_then_extracted(rig: Rig) -> None:
    """The event's state follows it: accepted (published), stored (its turn is in the
    store), extracted (the cursor passed its turn), naming the run that did it."""
    key = await rig.key()
    assert (await _post(rig, key, event("e-1")))[0] == 202
    status, body = await _status(rig, key, "e-1")
    assert (status, body["state"]) == (200, "accepted")
    assert body["session_id"] == "s-1"
    await rig.dispatch()
    status, body = await _status(rig, key, "e-1")
    assert (status, body["state"], body["turn"]) == (200, "stored", 1)
    assert body["run"] is None
    await work(rig.worker)
    status, body = await _status(rig, key, "e-1")
    assert (status, body["state"]) == (200, "extracted")
    assert body["run"]["outcome"] in {"wrote", "nothing", "skipped"}
    assert isinstance(body["run"]["id"], int)
    assert body["run"]["finished_at"]


async def test_an_event_answered_202_and_later_dead_lettered_says_so_with_its_reason(
    rig: Rig,
) -> None:
    """A second event for a turn already taken is answered 202 and dead-lettered by the
    dispatcher: the host polling it learns `dead_lettered` and why."""
    key = await rig.key()
    assert (await _post(rig, key, event("e-1")))[0] == 202
    await rig.dispatch()
    assert (await _post(rig, key, event("e-2", text="Another text for the same turn.")))[0] == 202
    await rig.dispatch()
    status, body = await _status(rig, key, "e-2")
    assert (status, body["state"]) == (200, "dead_lettered")
    assert body["reason"]
    assert "turn 1" in body["reason"] or "e-1" in body["reason"], body["reason"]
    assert (await _status(rig, key, "e-1"))[1]["state"] == "stored"


async def test_another_tenant_or_scope_cannot_learn_an_event_or_a_session(rig: Rig) -> None:
    """Tenant B, another project's key and another user's key get the very 404 an unknown
    id gets, for A's event ids and session ids: no oracle."""
    key = await rig.key(projects=("billing",))
    assert (await _post(rig, key, event("e-1", user="alice")))[0] == 202
    await rig.dispatch()
    assert (await _status(rig, key, "e-1"))[0] == 200
    assert (await _session(rig, key, "s-1"))[0] == 200
    outsiders = [
        await rig.key(Role.ADMIN, tenant="other", projects=()),
        await rig.key(Role.ADMIN, projects=("search",)),
        await rig.key(Role.READER, user="bob"),
    ]
    for outsider in outsiders:
        unknown_event = await _status(rig, outsider, "e-never")
        unknown_session = await _session(rig, outsider, "s-never")
        assert unknown_event[0] == unknown_session[0] == 404
        assert await _status(rig, outsider, "e-1") == unknown_event
        assert await _session(rig, outsider, "s-1") == unknown_session
    alices = await rig.key(Role.READER, user="alice")
    assert (await _status(rig, alices, "e-1"))[0] == 200


async def test_a_session_lists_its_turns_cursor_and_last_run_without_content(rig: Rig) -> None:
    key = await rig.key()
    events = [event("e-1"), event("e-2", turn=2, text="We also deploy on Thursdays.")]
    assert (await _post(rig, key, events))[0] == 202
    await rig.dispatch()
    status, body = await _session(rig, key, "s-1")
    assert status == 200
    assert [(t["turn"], t["event_id"], t["kind"], t["messages"]) for t in body["turns"]] == [
        (1, "e-1", "turn", 1),
        (2, "e-2", "turn", 1),
    ]
    assert body["cursor"]["extracted_turn"] is None
    assert body["last_run"] is None
    assert "Tuesdays" not in str(body)
    await work(rig.worker)
    status, body = await _session(rig, key, "s-1")
    assert body["cursor"]["extracted_turn"] == 2
    assert body["cursor"]["parked"] is False
    assert body["cursor"]["breaker_open"] is False
    assert body["last_run"]["outcome"] in {"wrote", "nothing", "skipped"}
    assert body["scope"] == {"tenant": "acme", "project": "billing", "user": None}


@pytest.mark.parametrize("role", list(Role))
async def test_every_role_may_read_delivery_in_its_scope(rig: Rig, role: Role) -> None:
    """Delivery status is read-only, like recall: every role reads it in its scope; no key
    is 401."""
    host = await rig.key()
    assert (await _post(rig, host, event("e-1")))[0] == 202
    reader = await rig.key(role)
    assert (await _status(rig, reader, "e-1"))[0] == 200
    async with rig.api.client() as client:
        assert (await client.get("/v1/events/e-1")).status_code == 401
        assert (await client.get("/v1/sessions/s-1")).status_code == 401


async def test_the_status_url_reaches_an_event_whose_id_holds_slashes_and_spaces(
    rig: Rig,
) -> None:
    key = await rig.key()
    strange = "tenant/s 1:1?x#y"
    status, body = await _post(rig, key, event(strange, session_id="a/b c"))
    assert status == 202
    async with rig.api.client(key) as client:
        polled = await client.get(body["accepted"][0]["status_url"])
        session = await client.get("/v1/sessions/a%2Fb%20c")
    assert (polled.status_code, polled.json()["event_id"]) == (200, strange)
    await rig.dispatch()
    async with rig.api.client(key) as client:
        session = await client.get("/v1/sessions/a%2Fb%20c")
    assert (session.status_code, session.json()["session_id"]) == (200, "a/b c")


async def _pages(rig: Rig, key: str, **params: Any) -> tuple[list[str], int]:
    """Every session the list shows to ``key``, page after page, and how many pages."""
    shown: list[str] = []
    cursor, pages = None, 0
    async with rig.api.client(key) as client:
        while True:
            query = {**params, **({"cursor": cursor} if cursor else {})}
            page = await client.get("/v1/sessions", params=query)
            assert page.status_code == 200, page.text
            pages += 1
            shown.extend(s["session_id"] for s in page.json()["sessions"])
            cursor = page.json()["next_cursor"]
            if cursor is None:
                return shown, pages


async def test_a_scopes_sessions_are_listed_a_page_at_a_time_inside_the_key(rig: Rig) -> None:
    """Sessions started at the same moment page without loss or repeat; a user-bound key
    sees its user's and the unbound sessions, each one it can also read alone; another
    project or tenant sees none, and a cursor serves only its own list."""
    host = await rig.key(projects=("billing",))
    users = {"s-a1": "alice", "s-a2": "alice", "s-b1": "bob", "s-n1": None, "s-n2": None}
    published = [event(f"e-{sid}", sid, user=user) for sid, user in users.items()]
    published.append(event("e-x", "s-x", project="search"))
    assert (await _post(rig, await rig.key(projects=()), published))[0] == 202
    await rig.dispatch()

    every, pages = await _pages(rig, host, limit=2)
    assert sorted(every) == sorted(users) and pages == 3
    alice = await rig.key(Role.READER, user="alice")
    mine, _ = await _pages(rig, alice, limit=1)
    assert sorted(mine) == ["s-a1", "s-a2", "s-n1", "s-n2"]
    for session_id in mine:
        assert (await _session(rig, alice, session_id))[0] == 200
    named, _ = await _pages(rig, host, user="bob")
    assert sorted(named) == ["s-b1", "s-n1", "s-n2"]
    async with rig.api.client(host) as client:
        first = (await client.get("/v1/sessions", params={"limit": 2})).json()
        assert first["scope"] == {"tenant": "acme", "project": "billing", "user": None}
        assert set(first["sessions"][0]) >= {"session_id", "user", "last_turn", "ended"}
        elsewhere = await client.get(
            "/v1/sessions", params={"user": "bob", "cursor": first["next_cursor"]}
        )
        assert elsewhere.status_code == 400
        outside = await client.get("/v1/sessions", params={"project": "search"})
        assert outside.json()["error"]["code"] == "scope_outside_key"
    search, _ = await _pages(rig, await rig.key(projects=("search",)))
    assert search == ["s-x"]
    assert (await _pages(rig, await rig.key(tenant="globex")))[0] == []
    async with rig.api.client(await rig.key(projects=())) as client:
        unnamed = await client.get("/v1/sessions")
        assert unnamed.status_code == 422
        assert unnamed.json()["error"]["code"] == "project_required"
