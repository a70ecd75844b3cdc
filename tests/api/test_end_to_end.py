"""A host's whole session published over HTTP, extracted by real memoryd processes (the
fake model server playing the model), and recalled over HTTP within the key's scope."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from daemon.events.publisher import fixture_events
from daemon.fixtures import load
from daemon.testing.fakellm import FakeLLM
from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from tests.api.conftest import Served, memoryd, serving

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow, pytest.mark.timeout(180)]

PROJECT = "github.com/acme/billing"


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    """``memoryd serve`` with the default limits (the fixture's big tool output fits)."""
    yield from serving(stack)


def test_session_published_over_http_is_extracted_and_recalled(served: Served) -> None:
    session = load("billing-fix")
    events = [e.model_dump(mode="json", exclude_none=True) for e in fixture_events(session)]
    host = served.key("host", projects=(PROJECT,), user="dana")
    lines = "\n".join(json.dumps(e) for e in events)
    with served.client(host) as client:
        response = client.post(
            "/v1/events", content=lines, headers={"Content-Type": "application/x-ndjson"}
        )
    assert response.status_code == 202, response.text
    assert len(response.json()["accepted"]) == len(events)

    with FakeLLM(ExtractionPolicy()) as fake:
        env = {
            **served.env,
            "MEMORYD_EXTRACTION__EXTRACTOR": "llm",
            "MEMORYD_EXTRACTION__DEBOUNCE_S": "0",
            "MEMORYD_LLM__BASE_URL": fake.base_url,
            "MEMORYD_LLM__MODEL": "fake-model",
            "MEMORYD_LLM__API_KEY": "test",
            "MEMORYD_WORKER__POLL_DELAY_S": "0.01",
        }
        ran = memoryd("run", "--burst", env=env, timeout=150)
        assert ran.returncode == 0, ran.stderr[-3000:]
        assert fake.calls >= 1

    reader = served.key("reader", projects=(PROJECT,), user="dana")
    with served.client(reader) as client:
        found = client.get("/v1/recall/search", params={"query": "pytest-asyncio auto mode"})
        assert found.status_code == 200, found.text
        hits = found.json()["memories"]
        assert hits and any("pytest-asyncio" in h["content"] for h in hits)
        assert found.json()["scope"] == {"tenant": "acme", "project": PROJECT, "user": "dana"}
        decisions = client.get(
            "/v1/recall/search", params={"query": "ROUND_HALF_EVEN", "type": "decision"}
        ).json()["memories"]
        assert decisions and all(m["type"] == "decision" for m in decisions)
        manifest = client.get("/v1/recall/manifest").json()
        assert manifest["shown"] >= 2 and "pytest-asyncio" in manifest["text"]
        block = client.get("/v1/recall/injection", params={"query": "rounding"}).json()
        assert block["text"].startswith("# Memories") and len(block["fingerprint"]) >= 8
        assert block["memory_ids"]
        again = client.get("/v1/recall/injection", params={"query": "rounding"}).json()
        assert again["fingerprint"] == block["fingerprint"]
        memory_id = hits[0]["id"]
        read = client.get(f"/v1/memories/{memory_id}")
        assert read.status_code == 200 and read.json()["memory"]["id"] == memory_id

    # The same id seen from another tenant or another project: not found, never found.
    for other in (
        served.key("reader", tenant="globex", projects=(PROJECT,), user="dana"),
        served.key("reader", projects=("github.com/acme/web",), user="dana"),
    ):
        with served.client(other) as client:
            response = client.get(f"/v1/memories/{memory_id}")
            assert (response.status_code, response.json()["error"]["code"]) == (404, "not_found")
            searched = client.get("/v1/recall/search", params={"query": "pytest-asyncio"})
            assert searched.status_code == 200 and searched.json()["memories"] == []
    # Another user of the project sees its shared memories, never dana's own nor one still
    # held for an operator's review (visible to its author alone).
    with served.client(served.key("reader", projects=(PROJECT,), user="erin")) as client:
        for hit in hits:
            status = client.get(f"/v1/memories/{hit['id']}").status_code
            shared = hit["user"] is None and hit["author"]["review"] != "pending"
            assert status == (200 if shared else 404), hit
