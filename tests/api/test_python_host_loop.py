"""docs/host.md's plain Python loop, run as a host runs it: a process of its own on the host
kit, against a running ``memoryd serve`` and the fake model server, with a window small
enough that its history must be compacted (by the model: no worker keeps this session's
summary here) within a few turns. Every request it sends the model must fit the window, and
its turns and compactions must reach memoryd's stream numbered without gaps."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from daemon.base.settings import HostSettings
from daemon.host.budget import Budget
from daemon.host.summarizer import SYSTEM_PROMPT
from daemon.host.tokens import conversation_tokens, estimator
from daemon.testing.fakellm import FakeLLM, Reply, text, tool_calls
from tests.api.conftest import Served, serving, stream_events

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "github.com/acme/billing"
TURNS = 8
WINDOW = 10_000
#: Levels scaled to the small window: the compact level is reached past 6,000 tokens, about
#: the fourth turn (each reads a file of about 1,700 tokens).
HOST = {
    "MEMORYD_HOST__RESERVED_OUTPUT_TOKENS": "1000",
    "MEMORYD_HOST__WARNING_TOKENS": "4000",
    "MEMORYD_HOST__COMPACT_TOKENS": "3000",
    "MEMORYD_HOST__BLOCKING_TOKENS": "500",
}
SUMMARY = (
    "## Goal\nFind how invoice totals are computed.\n\n## Key Decisions\n(none)\n\n"
    "## Accomplished\n- Read the invoice modules under billing/.\n\n## In Progress\n"
    "Reading the next invoice module.\n\n## Relevant Files\n- billing/invoice_1.py"
)


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    """``memoryd serve`` without the small rate limit: the loop makes dozens of calls."""
    yield from serving(stack)


def plain_loop() -> str:
    """docs/host.md's Python loop: the ``python`` block of its "A plain loop" section."""
    document = (ROOT / "docs" / "host.md").read_text()
    section = document.split("\n## A plain loop\n", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    return block


def model(body: dict[str, Any]) -> Reply:
    """The fake model: a summary when asked to summarize; as the agent, a file read for a
    user message and an answer for a tool result."""
    messages = body["messages"]
    if messages[0]["content"] == SYSTEM_PROMPT:
        return text(SUMMARY)
    last = messages[-1]
    if last["role"] == "user":
        step = re.search(r"invoice_(\d+)", str(last["content"]))
        path = f"billing/invoice_{step.group(1) if step else 0}.py"
        return tool_calls([("read_file", {"path": path})])
    return text("The total is the sum of price times quantity over the invoice's items.")


@pytest.mark.timeout(300)
def test_the_plain_loop_compacts_within_the_window_and_publishes_every_turn(
    served: Served, tmp_path: Path
) -> None:
    (tmp_path / "loop.py").write_text(plain_loop())
    key = served.key("host", projects=(PROJECT,))
    with FakeLLM(model) as fake:
        environment = {
            name: value for name, value in os.environ.items() if not name.startswith("MEMORYD_")
        }
        done = subprocess.run(
            [sys.executable, "loop.py"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
            env={
                **environment,
                "PYTHONPATH": str(ROOT),
                "MEMORYD_URL": served.base_url,
                "MEMORYD_API_KEY": key,
                "MEMORYD_PROJECT": PROJECT,
                "MODEL_URL": fake.base_url,
                "MODEL": "fake-model",
                "MODEL_API_KEY": "test",
                "MODEL_WINDOW": str(WINDOW),
                "TURNS": str(TURNS),
                "MEMORYD_LLM__BASE_URL": fake.base_url,
                "MEMORYD_LLM__MODEL": "fake-model",
                "MEMORYD_LLM__API_KEY": "test",
                **HOST,
            },
        )
        requests = fake.requests
    assert done.returncode == 0, done.stderr[-3000:]
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    summarizing = [body for body in requests if body["messages"][0]["content"] == SYSTEM_PROMPT]
    agent = [body for body in requests if body["messages"][0]["content"] != SYSTEM_PROMPT]
    assert counts["turns"] == TURNS
    assert counts["model_calls"] == 2 * TURNS == len(agent)  # a file read, then an answer
    assert counts["compactions"] == len(summarizing) >= 1
    assert counts["from_summary"] == 0  # no worker here keeps the session's summary
    assert counts["last_turn"] == TURNS + counts["compactions"]

    settings = HostSettings.model_validate(
        {name.split("__")[1].lower(): value for name, value in HOST.items()}
    )
    budget = Budget.of(WINDOW, settings)
    count = estimator(settings.chars_per_token)
    sizes = [
        conversation_tokens(body["messages"], count, tools=body.get("tools") or ())
        for body in agent
    ]
    assert max(sizes) <= budget.usable, sizes
    assert any(
        "[Compacted context through turn" in str(message.get("content"))
        for message in agent[-1]["messages"]
    )

    events = [json.loads(fields[b"event"]) for fields in stream_events(served)]
    ours = [event for event in events if event["session_id"] == counts["session"]]
    assert [event["turn"] for event in ours] == list(range(1, counts["last_turn"] + 1))
    compactions = [event for event in ours if event.get("kind") == "compaction"]
    assert len(compactions) == counts["compactions"]
    assert all("## Goal" in event["summary"] for event in compactions)
    assert ours[0]["host"]["system_prompt"] == "You are the billing team's coding agent."
    assert ours[0]["agent"]["mode"] == "build"
