"""``./dev bench context``: the host kit driven through a long coding session.

The generated session (:mod:`tests.bench.coding_session`) is replayed as an agent host would
live it: before each model call the host builds its request from its history. Three hosts
are measured in the same run:

- **full**: the whole history resent on every call (the baseline);
- **truncation only**: every tool result truncated as it arrives, nothing else;
- **kit**: the host kit's pipeline (:class:`daemon.host.pipeline.ContextPipeline`) before
  every call, its output becoming the history the next call builds on.

The kit's host publishes each turn to a memoryd running in the same process (its
dispatcher and workers are run after every turn, as the daemon would in the background), so
that memoryd's rolling session summary is there when the pipeline compacts; each compaction
is published as a ``compaction`` event. ``served_from_summary_share`` is the share of
compactions the summary served at no model cost, the others went to the summarizer (a fake
here, which answers with a structured summary of what it was sent). ``added_ms_p95`` is the
95th percentile of the time the pipeline takes per call (summary read included).
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from daemon.base.settings import HostSettings
from daemon.host.budget import Budget
from daemon.host.tokens import Message, conversation_tokens, estimator
from daemon.host.truncation import MemoryOutputStore, truncate_outputs
from tests.bench.coding_session import Turn, coding_session

SYSTEM_PROMPT = (
    "You are the ledger team's coding agent. Work in the repository, run the tests before "
    "you say a change is done, and keep answers short."
)
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": name,
            "description": f"The {name} tool of the host: {purpose}",
            "parameters": {
                "type": "object",
                "properties": {
                    key: {"type": "string", "description": f"the {key}"} for key in keys
                },
                "required": list(keys[:1]),
            },
        },
    }
    for name, purpose, keys in (
        ("file_read", "read a file, or a range of its lines.", ("path", "offset", "limit")),
        ("grep", "search files for a pattern.", ("pattern", "path")),
        ("bash", "run a shell command in the repository.", ("command",)),
        ("file_edit", "replace a string in a file.", ("path", "old_string", "new_string")),
        ("glob", "list files matching a pattern.", ("pattern",)),
        ("web_fetch", "fetch a web page as text.", ("url",)),
    )
]


@dataclass
class Totals:
    """What one replay measured."""

    calls: int = 0
    full: int = 0
    truncation_only: int = 0
    kit: int = 0
    largest_kit_request: int = 0
    compactions: int = 0
    llm_compactions: int = 0
    summary_compactions: int = 0
    trims: int = 0
    added_ms: list[float] = field(default_factory=list)
    compaction_events: list[dict[str, Any]] = field(default_factory=list)


def percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def result_of(totals: Totals, turns: int, budget: Budget) -> dict[str, Any]:
    """The benchmark's JSON object."""
    compactions = totals.compactions
    return {
        "turns": turns,
        "calls": totals.calls,
        "window": budget.window,
        "usable": budget.usable,
        "prompt_tokens_full": totals.full,
        "prompt_tokens_truncation_only": totals.truncation_only,
        "prompt_tokens_kit": totals.kit,
        "ratio_vs_full": round(totals.full / max(totals.kit, 1), 2),
        "ratio_vs_truncation_only": round(totals.truncation_only / max(totals.kit, 1), 2),
        "largest_kit_request": totals.largest_kit_request,
        "compactions": compactions,
        "llm_compactions": totals.llm_compactions,
        "summary_compactions": totals.summary_compactions,
        "served_from_summary_share": round(totals.summary_compactions / compactions, 3)
        if compactions
        else None,
        "trims": totals.trims,
        "added_ms_p50": round(statistics.median(totals.added_ms), 3) if totals.added_ms else 0.0,
        "added_ms_p95": round(percentile(totals.added_ms, 0.95), 3),
        "added_ms_max": round(max(totals.added_ms, default=0.0), 3),
        "targets": {
            "ratio_vs_full": 5.0,
            "served_from_summary_share": 0.8,
            "added_ms_p95": 5.0,
        },
    }


def baseline_tokens(session: Sequence[Turn], settings: HostSettings) -> tuple[int, int, int]:
    """(calls, full, truncation only): the prompt tokens of every call of the two baseline
    hosts."""
    count = estimator(settings.chars_per_token)
    store = MemoryOutputStore()
    full = truncated = calls = 0
    full_size = conversation_tokens((), count, system=SYSTEM_PROMPT, tools=TOOLS)
    truncated_size = full_size
    for turn in session:
        for index, message in enumerate(turn.messages):
            if index in turn.calls:
                calls += 1
                full += full_size
                truncated += truncated_size
            full_size += conversation_tokens((message,), count)
            kept, _ = truncate_outputs([message], store, settings, count=count)
            truncated_size += conversation_tokens(kept, count)
    return calls, full, truncated


def scratch_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="memoryd-bench-context-"))


def message_with_id(message: Message, session_id: str, turn: int, index: int) -> Message:
    return {**message, "id": f"{session_id}:{turn}:{index}"}


def generated(turns: int, seed: int) -> list[Turn]:
    return coding_session(turns, seed)
