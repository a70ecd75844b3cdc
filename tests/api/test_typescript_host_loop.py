"""docs/host.md's TypeScript agent loop, as a host in another language runs it: type-checked
with ``tsc --strict`` against the client ``openapi-typescript`` generates from a running
``memoryd serve``, then run with Node.js against it and the fake model server. Every model
request it makes must fit the window it asks ``POST /v1/context/compact`` for, and its turns
must reach memoryd's stream. Skipped when Node.js or npm is absent; required under
``CI=true`` (the fixtures are those of ``tests/api/test_typescript_client.py``).

Midway, before the model answers the fifth turn's first request, memoryd's dispatcher and
worker run once (``memoryd run --burst``) and keep the session's summary, so that the loop's
later calls get their compaction served from it and send memoryd a ``compaction`` event."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
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
WINDOW = 10_000
TURNS = 8
#: The server's levels scaled to the small window: the compact level is reached past 6,000
#: tokens (the fourth turn: each reads a file of about 1,700 tokens), the blocking one past 8,500.
HOST = {
    "MEMORYD_HOST__RESERVED_OUTPUT_TOKENS": "1000",
    "MEMORYD_HOST__WARNING_TOKENS": "4000",
    "MEMORYD_HOST__COMPACT_TOKENS": "3000",
    "MEMORYD_HOST__BLOCKING_TOKENS": "500",
}
#: The turn before whose first answer memoryd's worker keeps the session's summary.
SUMMARIZED_BEFORE = 5


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    """``memoryd serve`` with the scaled levels and without the small rate limit (the loop
    makes dozens of calls)."""
    yield from serving(stack, **HOST)


def run_workers(served: Served) -> None:
    """memoryd's dispatcher and worker, once: the turns published so far are stored and
    the session's summary kept (no debounce, no model: the summary costs none)."""
    done = subprocess.run(
        [sys.executable, "-m", "daemon", "run", "--burst"],
        env={**served.env, "MEMORYD_EXTRACTION__DEBOUNCE_S": "0"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]


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


def agent_and_workers(served: Served) -> Any:
    """:func:`agent`, running memoryd's workers once first, at the fifth turn's first request."""

    def answer(body: dict[str, Any]) -> Reply:
        last = body["messages"][-1]
        if last["role"] == "user" and f"invoice_{SUMMARIZED_BEFORE}." in str(last["content"]):
            run_workers(served)
        return agent(body)

    return answer


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
    with FakeLLM(agent_and_workers(served)) as fake:
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
    assert fake.policy_errors == []
    assert counts["compactions"] >= 1  # served from the summary the worker kept
    assert counts["published"] == counts["lastTurn"] == TURNS + counts["compactions"]

    settings = HostSettings.model_validate(
        {name.split("__")[1].lower(): value for name, value in HOST.items()}
    )
    budget = budget_of(WINDOW, settings)
    count = estimator(settings.chars_per_token)
    sizes = [
        conversation_tokens(request["messages"], count, tools=request.get("tools") or ())
        for request in requests
    ]
    assert max(sizes) <= budget.window - budget.reserved_output, sizes
    full = sum(len(str(message.get("content") or "")) for message in requests[-1]["messages"])
    assert full < TURNS * 120 * 40  # not the whole history: 8 file reads of 120 lines

    # The events since the worker ran are still in the stream: the compactions among them.
    events = [json.loads(fields[b"event"]) for fields in stream_events(served)]
    ours = [event for event in events if event["session_id"] == counts["session"]]
    compactions = [event for event in ours if event.get("kind") == "compaction"]
    assert len(compactions) == counts["compactions"]
    for compaction in compactions:
        assert compaction["summary"].startswith("[Compacted context through turn")
        assert "## Goal" in compaction["summary"]
    assert [message["role"] for message in ours[0]["messages"]] == [
        "user",
        "assistant",
        "tool",
        "assistant",
    ]
    run_workers(served)  # every event stored: the session as memoryd holds it
    with served.client(key) as client:
        session = client.get(f"/v1/sessions/{counts['session']}").json()
    kinds = [(turn["turn"], turn["kind"]) for turn in session["turns"]]
    assert [number for number, _ in kinds] == list(range(1, counts["lastTurn"] + 1))
    assert [kind for _, kind in kinds].count("turn") == TURNS
    assert [kind for _, kind in kinds].count("compaction") == counts["compactions"]
