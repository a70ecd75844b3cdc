"""docs/host.md's TypeScript agent loop, as a host in another language runs it: type-checked
with ``tsc --strict`` against the client ``openapi-typescript`` generates from a running
``memoryd serve``, then run with Node.js against it and the fake model server. Every model
request it makes must fit the window it asks ``POST /v1/context/compact`` for, and its turns
must reach memoryd's stream. Skipped when Node.js or npm is absent; required under
``CI=true`` (the fixtures are those of ``tests/api/test_typescript_client.py``)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from daemon.api.context_routes import budget_of
from daemon.base.settings import HostSettings
from daemon.host.tokens import conversation_tokens, estimator
from daemon.testing.fakellm import FakeLLM, Reply, text, tool_calls
from tests.api.conftest import Served, serving, stream_events
from tests.api.test_typescript_client import NODE_GLOBALS, TSCONFIG, _run, node_tools

__all__ = ["node_tools"]  # the module's fixture, used here too

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "github.com/acme/billing"
#: A small window, so that the history outgrows it within a few turns.
WINDOW = 8_000
TURNS = 8


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    """``memoryd serve`` without the small rate limit: the loop makes dozens of calls."""
    yield from serving(stack)


def host_loop() -> str:
    """docs/host.md's TypeScript loop: the ``ts`` block of its "TypeScript" section."""
    document = (ROOT / "docs" / "host.md").read_text()
    section = document.split("\n## TypeScript\n", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```ts\n(.*?)```", section, flags=re.S)
    return block


def agent(body: dict[str, Any]) -> Reply:
    """The fake model as an agent: a user message gets a file read, a tool result an answer."""
    last = body["messages"][-1]
    if last["role"] == "user":
        step = re.search(r"invoice_(\d+)", str(last["content"]))
        path = f"billing/invoice_{step.group(1) if step else 0}.py"
        return tool_calls([("read_file", {"path": path})])
    return text("The total is the sum of price times quantity over the invoice's items.")


@pytest.mark.timeout(300)
def test_the_host_loop_type_checks_and_keeps_every_model_request_within_the_window(
    served: Served, node_tools: Path
) -> None:
    folder = node_tools
    with served.client() as client:
        document = client.get("/openapi.json").json()
    (folder / "openapi.json").write_text(json.dumps(document))
    bin_dir = folder / "node_modules" / ".bin"
    _run([str(bin_dir / "openapi-typescript"), "openapi.json", "-o", "memoryd-api.d.ts"], folder)
    (folder / "example.ts").write_text(host_loop())
    (folder / "node-globals.d.ts").write_text(NODE_GLOBALS)
    (folder / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    _run([str(bin_dir / "tsc"), "-p", "tsconfig.json"], folder)
    key = served.key("host", projects=(PROJECT,))
    with FakeLLM(agent) as fake:
        out = _run(
            [shutil.which("node") or "node", "out/example.js"],
            folder,
            timeout=120,
            MEMORYD_URL=served.base_url,
            MEMORYD_API_KEY=key,
            MEMORYD_PROJECT=PROJECT,
            MODEL_URL=fake.base_url,
            MODEL="fake-model",
            MODEL_WINDOW=str(WINDOW),
            TURNS=str(TURNS),
        )
        requests = fake.requests
    counts = json.loads(out.strip().splitlines()[-1])
    assert counts["turns"] == TURNS
    assert counts["modelCalls"] == 2 * TURNS == len(requests)  # a file read, then an answer
    assert counts["trimmed"] >= 1  # the history outgrew the window
    assert counts["published"] == counts["lastTurn"] == TURNS + counts["compactions"]

    budget = budget_of(WINDOW, HostSettings())
    count = estimator(HostSettings().chars_per_token)
    sizes = [
        conversation_tokens(request["messages"], count, tools=request.get("tools") or ())
        for request in requests
    ]
    assert max(sizes) <= budget.window - budget.reserved_output, sizes
    full = sum(len(str(message.get("content") or "")) for message in requests[-1]["messages"])
    assert full < TURNS * 120 * 40  # not the whole history: 8 file reads of 120 lines

    events = [json.loads(fields[b"event"]) for fields in stream_events(served)]
    ours = [event for event in events if event["session_id"] == counts["session"]]
    assert [event["turn"] for event in ours] == list(range(1, counts["lastTurn"] + 1))
    turns = [event for event in ours if event.get("kind", "turn") == "turn"]
    assert len(turns) == TURNS
    assert [message["role"] for message in turns[0]["messages"]] == [
        "user",
        "assistant",
        "tool",
        "assistant",
    ]
