"""``memoryd serve`` over real HTTP: every route, and every refusal with its code."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest

from daemon.api.application import openapi_document
from tests.api.conftest import LIMITS, Served, memoryd, serving, stream_events

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


def event(
    project: str = "billing",
    *,
    user: str | None = None,
    tenant: str | None = None,
    text: str = "I prefer tabs over spaces",
    turn: int = 1,
    session: str | None = None,
) -> dict[str, Any]:
    scope: dict[str, Any] = {"project": project}
    if user is not None:
        scope["user"] = user
    if tenant is not None:
        scope["tenant"] = tenant
    session = session or f"s-{uuid.uuid4().hex[:8]}"
    return {
        "v": 1,
        "event_id": f"{session}:{turn}",
        "session_id": session,
        "turn": turn,
        "at": "2026-11-24T09:00:00Z",
        "scope": scope,
        "messages": [{"id": f"t{turn}m0", "role": "user", "content": text}],
    }


def error_code(response: Any) -> str:
    return str(response.json()["error"]["code"])


def test_health_metrics_and_the_shipped_openapi_document(served: Served) -> None:
    """/healthz answers without a key; /readyz says this process can serve (its store and
    Redis answer) although no worker runs here, which /statusz, the whole system's verdict,
    says (down, 503); /openapi.json is the document shipped in the package."""
    with served.client() as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        ready = client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json() == {
            "ready": True,
            "level": "healthy",
            "findings": [],
            "embeddings": "none (keyword search only)",
        }
        system = client.get("/statusz")
        assert system.status_code == 503
        assert system.json()["level"] == "down" and system.json()["ready"] is False
        assert any(f["check"] == "workers" for f in system.json()["findings"])
        assert system.json()["embeddings"] == "none (keyword search only)"
        served_doc = client.get("/openapi.json").json()
    from importlib import resources

    shipped = json.loads(resources.files("daemon.api").joinpath("openapi.json").read_text())
    assert served_doc == shipped
    assert set(shipped["paths"]) >= {
        "/v1/events",
        "/v1/recall/search",
        "/v1/recall/manifest",
        "/v1/recall/injection",
        "/v1/memories/{memory_id}",
    }


def test_the_shipped_document_is_the_one_the_code_makes() -> None:
    """`memoryd openapi > daemon/api/openapi.json` after changing a route."""
    from importlib import resources

    from daemon.api import create_app
    from daemon.base.settings import Settings

    made = openapi_document(create_app(Settings(database_url="sqlite:///unused.db")))
    shipped = json.loads(resources.files("daemon.api").joinpath("openapi.json").read_text())
    assert made == shipped


def test_publish_one_event_a_batch_and_json_lines(served: Served) -> None:
    """Each form is appended to the stream as a host's XADD would be, the tenant filled in
    from the key; the answer names each accepted event and its stream entry."""
    key = served.key("host")
    before = len(stream_events(served))
    one = event()
    batch = [event(turn=1), event(turn=1)]
    lines = [event(), event()]
    with served.client(key) as client:
        r1 = client.post("/v1/events", json=one)
        r2 = client.post("/v1/events", json=batch)
        r3 = client.post(
            "/v1/events",
            content="\n".join(json.dumps(e) for e in lines) + "\n",
            headers={"Content-Type": "application/x-ndjson"},
        )
    for response, sent in ((r1, [one]), (r2, batch), (r3, lines)):
        assert response.status_code == 202, response.text
        body = response.json()
        assert body["refused"] == []
        assert [a["event_id"] for a in body["accepted"]] == [e["event_id"] for e in sent]
    entries = stream_events(served)[before:]
    assert len(entries) == 5
    stored = [json.loads(fields[b"event"]) for fields in entries]
    assert [e["event_id"] for e in stored] == [e["event_id"] for e in [one, *batch, *lines]]
    assert all(e["scope"] == {"project": "billing", "tenant": "acme"} for e in stored)


def test_a_bad_neighbour_drops_nothing_valid(served: Served) -> None:
    """One batch of good and bad events: 422 naming each refused one and why; the good ones
    are in the stream all the same."""
    key = served.key("host")
    good = [event(text="first good"), event(text="second good")]
    batch: list[Any] = [
        good[0],
        {"v": 1, "event_id": "no-fields"},
        42,
        event("elsewhere"),
        {**event(), "v": 2},
        good[1],
    ]
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post("/v1/events", json=batch)
    assert response.status_code == 422
    body = response.json()
    assert body["error"]["code"] == "events_refused"
    assert [a["index"] for a in body["accepted"]] == [0, 5]
    refused = {r["index"]: r for r in body["refused"]}
    assert set(refused) == {1, 2, 3, 4}
    assert refused[1]["code"] == "invalid_event" and refused[1]["event_id"] == "no-fields"
    assert refused[2]["code"] == "malformed_event"
    assert refused[3]["code"] == "scope_outside_key" and "elsewhere" in refused[3]["reason"]
    assert refused[4]["code"] == "invalid_event" and "version" in refused[4]["reason"]
    entries = stream_events(served)[before:]
    assert [json.loads(f[b"event"])["event_id"] for f in entries] == [g["event_id"] for g in good]


def test_json_lines_judged_line_by_line(served: Served) -> None:
    """A line that is not JSON is refused alone; the lines around it are accepted."""
    key = served.key("host")
    good = [event(), event()]
    body = json.dumps(good[0]) + "\n{not json\n\n" + json.dumps(good[1]) + "\n"
    with served.client(key) as client:
        response = client.post(
            "/v1/events", content=body, headers={"Content-Type": "application/x-ndjson"}
        )
    assert response.status_code == 422
    assert [a["event_id"] for a in response.json()["accepted"]] == [g["event_id"] for g in good]
    (refused,) = response.json()["refused"]
    assert (refused["index"], refused["code"]) == (1, "malformed_event")


def test_refusals_of_the_key(served: Served) -> None:
    """No key, a malformed header, an unknown key, a key of the right shape with a wrong
    secret: 401 each with its code, and nothing published."""
    real = served.key("admin")
    forged = real[:-4] + ("AAAA" if not real.endswith("AAAA") else "BBBB")
    before = len(stream_events(served))
    with served.client() as client:
        cases = {
            "missing_key": {},
            "malformed_key": {"Authorization": "Basic dXNlcjpwYXNz"},
            "invalid_key": {"Authorization": "Bearer not-a-memoryd-key"},
        }
        for code, headers in cases.items():
            for method, path in (("GET", "/v1/recall/manifest"), ("POST", "/v1/events")):
                response = client.request(method, path, headers=headers, json=event())
                assert response.status_code == 401, (code, path)
                assert error_code(response) == code
                assert response.headers["www-authenticate"].startswith("Bearer")
        response = client.get("/v1/recall/manifest", headers={"Authorization": f"Bearer {forged}"})
        assert (response.status_code, error_code(response)) == (401, "invalid_key")
    assert len(stream_events(served)) == before


def test_a_revoked_key_is_refused_at_once(served: Served) -> None:
    """`memoryd keys revoke` reaches the running server at its next request (the
    revocation epoch in Redis), although it had the key in its cache."""
    created = memoryd(
        "keys",
        "create",
        "--tenant",
        "acme",
        "--project",
        "billing",
        "--role",
        "reader",
        "--json",
        env=served.env,
    )
    assert created.returncode == 0, created.stderr
    made = json.loads(created.stdout)
    key = made["key"]
    assert key.startswith(f"mdk_{made['key_id']}_") and made["role"] == "reader"
    listed = memoryd("keys", "list", "--json", env=served.env)
    assert made["key_id"] in {row["key_id"] for row in json.loads(listed.stdout)}
    assert key not in listed.stdout  # never shown again
    with served.client(key) as client:
        assert client.get("/v1/recall/manifest").status_code == 200
        revoked = memoryd("keys", "revoke", made["key_id"], env=served.env)
        assert revoked.returncode == 0, revoked.stderr
        response = client.get("/v1/recall/manifest")
    assert (response.status_code, error_code(response)) == (401, "key_revoked")
    again = memoryd("keys", "revoke", made["key_id"], env=served.env)
    assert again.returncode == 1 and "no live key" in again.stderr


async def _burst(base_url: str, key: str, requests: int) -> list[int]:
    """The statuses of ``requests`` concurrent manifest reads with ``key``."""
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=30) as client:
        answers = await asyncio.gather(
            *(client.get("/v1/recall/manifest") for _ in range(requests))
        )
    return [answer.status_code for answer in answers]


def test_a_burst_after_a_revocation_is_refused_whole(stack: tuple[str, str]) -> None:
    """Once `memoryd keys revoke` returns, no request of the key is served, though the
    process had it cached and a burst of concurrent requests races to use it."""
    for fresh in serving(stack, **LIMITS):
        made = json.loads(
            memoryd(
                "keys", "create", "--tenant", "acme", "--project", "billing",
                "--role", "reader", "--json", env=fresh.env,
            ).stdout
        )  # fmt: skip
        with fresh.client(made["key"]) as client:
            assert client.get("/v1/recall/manifest").status_code == 200  # cached now
        assert memoryd("keys", "revoke", made["key_id"], env=fresh.env).returncode == 0

        assert asyncio.run(_burst(fresh.base_url, made["key"], 40)) == [401] * 40


def test_scope_outside_the_key_is_403(served: Served) -> None:
    """Another tenant, a project the key does not list, another user than the key's: 403
    scope_outside_key, on recall and on publishing."""
    key = served.key("host", projects=("billing", "web"), user="alice")
    with served.client(key) as client:
        for params in (
            {"project": "billing", "tenant": "other"},
            {"project": "payroll"},
            {"project": "billing", "user": "bob"},
        ):
            response = client.get("/v1/recall/search", params={"query": "tabs", **params})
            assert (response.status_code, error_code(response)) == (403, "scope_outside_key")
        for bad in (
            event(tenant="other", user="alice"),
            event("payroll", user="alice"),
            event(user="bob"),
        ):
            response = client.post("/v1/events", json=bad)
            assert (response.status_code, error_code(response)) == (403, "scope_outside_key")
        # A key of two projects must be told which; the key's user is filled in.
        response = client.get("/v1/recall/manifest")
        assert (response.status_code, error_code(response)) == (422, "project_required")
        response = client.get("/v1/recall/manifest", params={"project": "web"})
        assert response.json()["scope"] == {"tenant": "acme", "project": "web", "user": "alice"}


def test_role_too_weak_is_403(served: Served) -> None:
    """A reader key recalls but may not publish; every role may recall."""
    reader = served.key("reader")
    with served.client(reader) as client:
        response = client.post("/v1/events", json=event())
        assert (response.status_code, error_code(response)) == (403, "role_too_weak")
        assert "host" in response.json()["error"]["message"]
    for role in ("reader", "host", "agent", "admin"):
        with served.client(served.key(role)) as client:
            assert client.get("/v1/recall/manifest").status_code == 200
    with served.client(served.key("agent")) as client:
        response = client.post("/v1/events", json=event())
        assert (response.status_code, error_code(response)) == (403, "role_too_weak")


def test_oversized_and_malformed_bodies(served: Served) -> None:
    """Over MEMORYD_API__MAX_REQUEST_BYTES: 413, declared or streamed; one event over
    MEMORYD_STREAM__MAX_EVENT_BYTES: refused alone; not JSON, not UTF-8: 400."""
    key = served.key("host")
    with served.client(key) as client:
        huge = json.dumps([event(text="x" * 50_000) for _ in range(8)])
        response = client.post(
            "/v1/events", content=huge, headers={"Content-Type": "application/json"}
        )
        assert (response.status_code, error_code(response)) == (413, "payload_too_large")

        def chunks() -> Any:
            for _ in range(40):
                yield b" " * 10_000

        response = client.post("/v1/events", content=chunks())
        assert (response.status_code, error_code(response)) == (413, "payload_too_large")
        big = event(text="y" * 150_000)
        small = event()
        response = client.post("/v1/events", json=[big, small])
        assert response.status_code == 422
        assert response.json()["refused"][0]["code"] == "event_too_large"
        assert [a["index"] for a in response.json()["accepted"]] == [1]
        for body in (b"{not json", b"\xff\xfe", b'"a string"', b"[]"):
            response = client.post(
                "/v1/events", content=body, headers={"Content-Type": "application/json"}
            )
            assert response.status_code in (400, 422), body
            assert error_code(response) in ("malformed_body", "no_events")
        response = client.get("/v1/recall/search", params={"query": "x", "limit": 0})
        assert (response.status_code, error_code(response)) == (422, "invalid_request")
        assert "limit" in response.json()["error"]["message"]
        # A misspelt filter is refused, not ignored.
        response = client.get("/v1/recall/search", params={"query": "x", "types": "user"})
        assert (response.status_code, error_code(response)) == (422, "invalid_request")
        assert "'types'" in response.json()["error"]["message"]


def test_unknown_routes_and_methods_answer_json(served: Served) -> None:
    with served.client(served.key("reader")) as client:
        response = client.get("/v1/nothing")
        assert (response.status_code, error_code(response)) == (404, "not_found")
        response = client.delete("/v1/events")
        assert (response.status_code, error_code(response)) == (405, "method_not_allowed")


def test_metrics_count_requests_and_refusals(served: Served) -> None:
    with served.client() as client:
        client.get("/v1/recall/manifest")  # a refusal: missing_key
        text = client.get("/metrics").text
    assert (
        'memoryd_api_requests_total{method="GET",route="/v1/recall/manifest",status="401"}' in text
    )
    assert 'memoryd_api_refusals_total{reason="missing_key"}' in text
    assert 'memoryd_api_request_duration_seconds_bucket{le="0.005",route="/healthz"}' in text
