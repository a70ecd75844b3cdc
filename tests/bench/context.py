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
95th percentile of the time the pipeline takes per call (summary read included);
``added_cpu_ms_p95`` the same of the processor time the call takes on its thread (what the
pipeline itself costs, whatever else the machine runs; the summary read's own thread is not
counted).
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from daemon.app.container import Container, open_container
from daemon.app.process_runner import drain_worker
from daemon.app.redis_standin import standin_redis
from daemon.base.clock import Clock
from daemon.base.settings import HostSettings, Settings
from daemon.events.publisher import Publisher
from daemon.host.budget import Budget
from daemon.host.pipeline import CompactionEvent, ContextPipeline, PipelineResult, Stages
from daemon.host.publish import HostPublisher, RedisSink
from daemon.host.summaries import Summary, SummarySource
from daemon.host.tokens import Message, content_text, conversation_tokens, estimator
from daemon.host.truncation import MemoryOutputStore, truncate_outputs
from daemon.store.db import Store
from daemon.store.transcripts.summaries import read_summary
from tests.bench.coding_session import Turn, coding_session
from tests.bench.scratch import _migrate
from workers.worker_settings import build_worker

SESSION_ID = "bench-context-session"
SCOPE = {"project": "github.com/acme/ledger", "user": "dana"}

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
    added_cpu_ms: list[float] = field(default_factory=list)
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
        "added_cpu_ms_p50": round(statistics.median(totals.added_cpu_ms), 3)
        if totals.added_cpu_ms
        else 0.0,
        "added_cpu_ms_p95": round(percentile(totals.added_cpu_ms, 0.95), 3),
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


class OutlineSummarizer:
    """The LLM compaction's stand-in: a structured summary (the five headings) of what it
    was sent, about a tenth of its size and at most 6,000 characters, as a model would
    write one."""

    def __init__(self) -> None:
        self.calls = 0

    async def summarize(self, messages: list[Message]) -> str:
        self.calls += 1
        text = " ".join(content_text(message.get("content")) for message in messages)
        gist = text[: min(6_000, max(400, len(text) // 10))]
        return (
            f"## Goal\n{gist[:300]}\n\n## Key Decisions\n- (none recorded)\n\n"
            f"## Accomplished\n{gist[300:]}\n\n## In Progress\n- the last request\n\n"
            "## Relevant Files\n- ledger/"
        )


@dataclass
class Memoryd:
    """What the kit's host talks to: where it publishes, where summaries come from, and
    what runs memoryd's background work after each turn."""

    publisher: HostPublisher
    summaries: SummarySource
    background: Callable[[], Awaitable[None]]


async def replay_kit(
    session: Sequence[Turn],
    memoryd: Memoryd,
    *,
    budget: Budget,
    settings: HostSettings,
    session_id: str,
    model: Callable[[PipelineResult], Awaitable[None]] | None = None,
    background_every: int = 1,
) -> tuple[Totals, OutlineSummarizer]:
    """The session lived by a host that runs the kit's pipeline before every model call
    (see the module). ``model``, when given, is sent every request (the fake model
    server, in the end-to-end test); memoryd's background work runs after every
    ``background_every`` turns (and after the last)."""
    count = estimator(settings.chars_per_token)
    summarizer = OutlineSummarizer()
    pipeline = ContextPipeline(
        settings=settings,
        stages=Stages.standard(MemoryOutputStore(), settings, budget=budget, count=count),
        summaries=memoryd.summaries,
        summarizer=summarizer,
        count=count,
    )
    totals = Totals()
    history: list[Message] = []
    for turn in session:
        number = memoryd.publisher.last_turn + 1  # what this turn's event will carry
        compactions: list[CompactionEvent] = []
        for index, message in enumerate(turn.messages):
            if index in turn.calls:
                started, cpu = time.perf_counter(), time.thread_time()
                result = await pipeline.run(
                    history,
                    window=budget,
                    tools=TOOLS,
                    system=SYSTEM_PROMPT,
                    session_id=session_id,
                    current_turn=number,
                )
                totals.added_ms.append((time.perf_counter() - started) * 1000)
                totals.added_cpu_ms.append((time.thread_time() - cpu) * 1000)
                totals.calls += 1
                totals.kit += result.tokens_after
                totals.largest_kit_request = max(totals.largest_kit_request, result.tokens_after)
                history = list(result.messages)
                if result.compaction in ("summary", "llm"):
                    totals.compactions += 1
                    if result.compaction == "summary":
                        totals.summary_compactions += 1
                    else:
                        totals.llm_compactions += 1
                elif result.compaction == "trimmed":
                    totals.trims += 1
                if result.compaction_event is not None:
                    compactions.append(result.compaction_event)
                if model is not None:
                    await model(result)
            history.append(message)
        await memoryd.publisher.turn(turn.messages)
        for compaction in compactions:  # after the turn, so that turns keep their numbers
            totals.compaction_events.append(await memoryd.publisher.compaction(compaction))
        if (turn.number + 1) % background_every == 0 or turn is session[-1]:
            await memoryd.background()
    return totals, summarizer


class StoreSummaries:
    """Session summaries read from memoryd's store, as ``GET /v1/sessions/{id}/summary``
    serves them."""

    def __init__(self, store: Store, tenant: str, clock: Clock) -> None:
        self.store, self.tenant, self.clock = store, tenant, clock

    async def summary(self, session_id: str) -> Summary | None:
        async with self.store.connect() as conn:
            found = await read_summary(conn, self.tenant, session_id)
        if found is None:
            return None
        age = (self.clock.now() - found.updated_at).total_seconds()
        return Summary(found.render(), found.through_turn, max(age, 0.0))


async def open_memoryd(folder: Path) -> Container:
    """A memoryd in this process: SQLite in ``folder``, Redis's in-process stand-in, the
    rules extractor (no model)."""
    url = f"sqlite+aiosqlite:///{folder / 'memoryd.db'}"
    settings = Settings(
        database_url=url,
        truncation={"dir": folder / "truncations"},
        extraction={"debounce_s": 0},
        worker={"poll_delay_s": 0.01},
    )
    await _migrate(url)
    return await open_container(settings, redis=standin_redis())


def kit_memoryd(runtime: Container, session_id: str) -> Memoryd:
    """The kit's host publishing to ``runtime`` over Redis, reading its summaries from its
    store, and running its dispatcher and workers after every turn."""
    publisher = HostPublisher(
        RedisSink(Publisher(runtime.redis, runtime.keys)),
        session_id,
        SCOPE,
        runtime.clock,
        system_prompt=SYSTEM_PROMPT,
        tools=TOOLS,
    )

    async def background() -> None:
        await runtime.dispatcher(consumer="kit").run(burst=True)
        await drain_worker(build_worker(runtime, cron_jobs=[]), runtime)

    return Memoryd(publisher, StoreSummaries(runtime.store, "", runtime.clock), background)


async def bench_window(*, turns: int, window: int, seed: int) -> dict[str, Any]:
    """One window's figures (see the module) on a scratch memoryd in this process."""
    host = HostSettings()
    budget = Budget.of(window, host)
    session = generated(turns, seed)
    calls, full, truncation_only = baseline_tokens(session, host)
    folder = scratch_folder()
    runtime = await open_memoryd(folder)
    try:
        memoryd = kit_memoryd(runtime, SESSION_ID)
        totals, _ = await replay_kit(
            session, memoryd, budget=budget, settings=host, session_id=SESSION_ID
        )
    finally:
        await runtime.close()
        shutil.rmtree(folder, ignore_errors=True)
    totals.full, totals.truncation_only = full, truncation_only
    if totals.calls != calls:
        raise AssertionError(f"the kit made {totals.calls} calls, the baselines {calls}")
    return result_of(totals, turns, budget)


async def bench_context(*, turns: int, windows: Sequence[int], seed: int) -> dict[str, Any]:
    """The benchmark: the first window's figures at the top (the issue's window, 200,000
    tokens, by default), every window's as ``rows`` (a smaller one makes the session
    compact, which a 200,000-token window hardly needs once pruning has run)."""
    rows = [await bench_window(turns=turns, window=window, seed=seed) for window in windows]
    compactions = sum(row["compactions"] for row in rows)
    served = sum(row["summary_compactions"] for row in rows)
    return {
        **rows[0],
        "rows": rows,
        "all_windows_compactions": compactions,
        "all_windows_served_from_summary_share": round(served / compactions, 3)
        if compactions
        else None,
    }
