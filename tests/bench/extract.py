"""``./dev bench extract``: the LLM extractor against the fake model server.

Sessions of coding-agent turns (with facts worth keeping planted in some) arrive in waves of
``wave`` turns; after each wave a dispatcher stores them and one in-process worker runs the
extractions, so a session gets one run per wave. Four phases, on the same load, each with a
scratch store and a private Redis prefix:

- ``delta``: our tool loop on the new turns; sessions without a host prefix;
- ``fork``: sessions whose events carry the host's system prompt and tools; before each
  wave the host's own calls for those turns are made to the same fake provider (one per
  assistant message, as a host makes them), which is what warms the cache in production;
- ``naive``: one call per turn re-sending the whole transcript, the varying header first;
- ``naive_cache_friendly``: the same with the transcript first (a stronger baseline);
- ``styles``: for each answer style the fake model can play (``daemon/testing/fakellm/styles.py``:
  fenced JSON, prose then JSON, other keys, arguments encoded twice, JSON text instead of
  tool calls, strict schemas, endpoints refusing ``response_format``), a smaller load of
  hosted sessions (``auto``: fork) and plain ones (delta): the share of sessions whose
  cursor reached their last turn, and model calls per run (failed runs included).

Figures come from the runs table (what every run records) and the worker's wall time.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx2
import sqlalchemy as sa

from daemon.app.container import Container, connect_redis, open_container
from daemon.app.process_runner import drain_worker
from daemon.app.redis_standin import standin_redis
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.events.models import TurnEvent
from daemon.events.publisher import Publisher
from daemon.extraction.llm.naive import Layout, naive_extractor
from daemon.store.tables import cursors as cursors_table
from daemon.store.tables import runs as runs_table
from tests.bench.fakemodel import fake_model_process, model_styles
from tests.bench.load import turn_event
from tests.bench.scratch import drop_prefix, scratch_database

_HOST_TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": name,
            "description": f"{description} Use it whenever the task needs it; prefer it over "
            "asking the user. Results longer than 2,000 lines are truncated to a file.",
            "parameters": {
                "type": "object",
                "properties": {key: {"type": "string", "description": key} for key in keys},
                "required": list(keys[:1]),
            },
        },
    }
    for name, description, keys in (
        ("bash", "Run a shell command in the repository and return its output.", ("command",)),
        ("grep", "Search files for a regular expression.", ("pattern", "path")),
        ("file_read", "Read a file of the repository.", ("path", "offset", "limit")),
        ("file_edit", "Replace text in a file.", ("path", "old", "new")),
    )
]
Figures = dict[str, Any]
STYLE_TARGETS = {"sessions_progressed_share": 1.0, "calls_per_run_max": 2.5}
_VENDORS = ("Adyen", "Stripe", "Braintree", "Mollie", "Checkout", "Worldpay")
_PREFS = (
    ("tabs", "spaces"),
    ("pytest", "unittest"),
    ("dataclasses", "dicts"),
    ("httpx", "requests"),
)
_TECH = (("PostgreSQL", "the job queue"), ("Redis", "the cache"), ("S3", "the exports"))


def host_system_prompt() -> str:
    """A host agent's system prompt of about 6,000 characters (the same for every session)."""
    rules = [
        f"{i}. When you {verb} {thing}, {manner}; say what you did in one short sentence."
        for i, (verb, thing, manner) in enumerate(
            (
                (v, t, m)
                for v in ("edit", "read", "test", "refactor", "review", "explain")
                for t in ("a module", "a test", "a migration", "a config file", "the docs")
                for m in ("keep the change minimal", "follow the existing style")
            ),
            start=1,
        )
    ]
    return (
        "You are a coding agent working in the user's repository through tools. Be precise, "
        "prefer small verified steps, run the tests after changes.\n" + "\n".join(rules)
    )


def _facts(session: int, turn: int, rng: random.Random) -> tuple[str, str]:
    """(sentence added to the user message, line added to the tool output) of a turn."""
    if turn == 3:
        return f"Remember that the staging database is db-{rng.randint(1, 99)}.", ""
    if turn == 7:
        a, b = rng.choice(_PREFS)
        return f"I prefer {a} over {b}.", ""
    if turn == 11:
        tech, what = rng.choice(_TECH)
        return f"We decided to use {tech} for {what} because it is already deployed.", ""
    if turn == 14:
        return "", f"Payments go through {rng.choice(_VENDORS)}."
    if turn == 17:
        return f"Remember that the staging database is db-{rng.randint(100, 199)} now.", ""
    if turn == 19:
        return "We freeze the release next Friday.", ""
    return "", ""


def sessions_load(count: int, turns: int, *, host: bool, seed: int = 11) -> list[list[TurnEvent]]:
    """``count`` sessions of ``turns`` turns each (five messages a turn), facts planted."""
    rng = random.Random(seed)
    start = datetime(2026, 11, 2, 9, tzinfo=UTC)
    prefix = {"system_prompt": host_system_prompt(), "tools": _HOST_TOOLS}
    load: list[list[TurnEvent]] = []
    for s in range(count):
        events: list[TurnEvent] = []
        for t in range(1, turns + 1):
            data = turn_event(s, t, rng, start).model_dump(mode="json")
            said, shown = _facts(s, t, rng)
            messages = data["messages"]
            if said:
                messages[0]["content"] = f"{messages[0]['content']} {said}"
            if shown:
                messages[2]["content"] = f"{messages[2]['content']}\n{shown}"
            if host and t == 1:
                data["host"] = prefix
            events.append(TurnEvent.model_validate(data))
        load.append(events)
    return load


async def _host_calls(base_url: str, load: list[list[TurnEvent]], wave: range) -> int:
    """The host agent's own calls for the turns of ``wave``: one per assistant message, each
    sending the host's prefix and the session so far (sessions in parallel)."""
    slots = asyncio.Semaphore(256)
    calls = 0
    limits = httpx2.Limits(max_connections=256)
    async with httpx2.AsyncClient(base_url=base_url, timeout=60, limits=limits) as http:

        async def one_session(events: list[TurnEvent]) -> None:
            nonlocal calls
            history: list[Any] = [{"role": "system", "content": host_system_prompt()}]
            for event in events[: wave.stop - 1]:
                for message in event.messages:
                    if event.turn in wave and message.role == "assistant":
                        body = {"model": "fake-model", "messages": history, "tools": _HOST_TOOLS}
                        async with slots:
                            reply = await http.post("/chat/completions", json=body)
                        reply.raise_for_status()
                        calls += 1
                    history.append(
                        message.model_dump(mode="json", exclude_none=True, exclude={"id"})
                    )

        await asyncio.gather(*(one_session(events) for events in load))
    return calls


@dataclass(frozen=True, slots=True)
class _Run:
    """What every phase shares."""

    base: Settings
    wave: int
    max_jobs: int
    fake_url: str


async def _phase(
    run: _Run,
    label: str,
    load: list[list[TurnEvent]],
    *,
    context_mode: str,
    naive: Layout | None = None,
    host_calls: bool = False,
    model: str = "fake-model",
) -> Figures:
    base = run.base
    prefix = f"memoryd-bench-{label}-{secrets.token_hex(3)}"
    async with scratch_database(base.database_url, label) as url:
        llm = {
            "base_url": run.fake_url,
            "model": model,
            "api_key": None,
            "max_concurrency": run.max_jobs,
            "context_mode": context_mode,
        }
        settings = base.model_copy(
            update={
                "database_url": url,
                "redis_prefix": prefix,
                "extraction": base.extraction.model_copy(
                    update={"extractor": "llm", "debounce_s": 0.0}
                ),
                "llm": base.llm.model_copy(update=llm),
                "worker": base.worker.model_copy(update={"poll_delay_s": 0.05}),
            }
        )
        runtime = await open_container(settings, redis=await _redis(settings))
        if naive is not None:
            runtime.extractor = naive_extractor(
                settings, layout=naive, clock=runtime.clock, redis=runtime.redis
            )
        try:
            seconds = await _waves(runtime, run, load, host_calls)
            figures = await _figures(runtime, seconds)
            figures["sessions_progressed"] = await _progressed(runtime, len(load[0]))
        finally:
            await drop_prefix(runtime.redis, Keys(prefix))
            await runtime.close()
    return figures


async def _redis(settings: Settings) -> Any:
    client = connect_redis(settings)
    try:
        await asyncio.wait_for(client.ping(), timeout=2)
    except Exception:
        await client.aclose()
        return standin_redis(default_queue_name=Keys.of(settings).queue)
    return client


async def _waves(rt: Container, run: _Run, load: list[list[TurnEvent]], host_calls: bool) -> float:
    """Publish, dispatch and extract the load wave by wave; the worker's seconds."""
    from workers.worker_settings import build_worker

    publisher = Publisher(rt.redis, rt.keys, max_event_bytes=rt.settings.stream.max_event_bytes)
    turns = len(load[0])
    seconds = 0.0
    for first in range(1, turns + 1, run.wave):
        span = range(first, min(turns, first + run.wave - 1) + 1)
        if host_calls:
            await _host_calls(run.fake_url, load, span)
        await publisher.publish_many([s[t - 1] for t in span for s in load])
        await rt.dispatcher(consumer="bench").run(burst=True)
        started = time.perf_counter()
        worker = build_worker(rt, max_jobs=run.max_jobs, cron_jobs=[])
        await drain_worker(worker, rt, poll_s=0.02)  # (Worker.close() would close rt.redis)
        async with rt.store.connect() as conn:
            last = (await conn.execute(sa.select(sa.func.max(runs_table.c.finished_at)))).scalar()
        wall = time.perf_counter() - started
        if last is not None:  # the drain's idle checks at the end are not the worker's work
            idle = (rt.clock.now() - _aware(last)).total_seconds()
            wall = max(0.001, wall - max(0.0, idle))
        seconds += wall
    return seconds


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


async def _figures(rt: Container, seconds: float) -> Figures:
    """A phase's figures from its runs table; cached ratios count a session's later runs."""
    async with rt.store.connect() as conn:
        rows = (await conn.execute(sa.select(runs_table).order_by(runs_table.c.id))).all()
    done = [r for r in rows if r.outcome in ("wrote", "nothing", "skipped")]
    first = {r.session_id: r.id for r in reversed(done)}
    later = [r for r in done if first[r.session_id] != r.id]
    prompt = sum(r.prompt_tokens for r in done)
    turns = sum(r.to_turn - r.from_turn + 1 for r in done)
    calls = sum(r.model_calls for r in done)
    return {
        "runs": len(done),
        "failed_runs": len(rows) - len(done),
        "model_calls_all_runs": sum(r.model_calls for r in rows),
        "model_calls_per_run": _ratio(calls, len(done)),
        "prompt_tokens_per_turn": _ratio(prompt, turns),
        "cached_ratio": _ratio(
            sum(r.cached_tokens for r in later), sum(r.prompt_tokens for r in later)
        ),
        "cached_ratio_all_runs": _ratio(sum(r.cached_tokens for r in done), prompt),
        "uncached_prompt_tokens": prompt - sum(r.cached_tokens for r in done),
        "memories_written": sum(r.created + r.updated for r in done),
        "runs_per_s": _ratio(len(done), seconds),
        "worker_seconds": round(seconds, 3),
        "model_calls": calls,
        "prompt_tokens": prompt,
        "turns": turns,
    }


async def _progressed(rt: Container, last_turn: int) -> int:
    """Sessions whose cursor reached ``last_turn``."""
    async with rt.store.connect() as conn:
        query = sa.select(sa.func.count()).where(cursors_table.c.turn >= last_turn)
        return int((await conn.execute(query)).scalar_one())


def mixed_load(count: int, turns: int) -> list[list[TurnEvent]]:
    """``count`` sessions with a host prefix (forked under ``auto``) and ``count`` without."""
    hosted = sessions_load(count, turns, host=True)
    plain = [
        [
            e.model_copy(
                update={"session_id": f"{e.session_id}-plain", "event_id": f"{e.event_id}-plain"}
            )
            for e in events
        ]
        for events in sessions_load(count, turns, host=False, seed=12)
    ]
    return hosted + plain


async def _styles(run: _Run, load: list[list[TurnEvent]]) -> Figures:
    """Per model style: the share of sessions that reached their last turn, calls per run."""
    styles: Figures = {}
    for style in model_styles():
        figures = await _phase(
            run, f"style{len(styles)}", load, context_mode="auto", model=f"fake-model@{style}"
        )
        runs = figures["runs"] + figures["failed_runs"]
        styles[style] = {
            "sessions_progressed_share": _ratio(figures["sessions_progressed"], len(load)),
            "calls_per_run": _ratio(figures["model_calls_all_runs"], runs),
        }
    return styles


async def bench_extract(
    base: Settings,
    *,
    sessions: int,
    turns: int,
    wave: int,
    latency_s: float,
    max_jobs: int,
    style_sessions: int = 10,
) -> Figures:
    plain = sessions_load(sessions, turns, host=False)
    hosted = sessions_load(sessions, turns, host=True)
    with fake_model_process(latency_s) as url:
        run = _Run(base, wave, max_jobs, url)
        delta = await _phase(run, "delta", plain, context_mode="delta")
        fork = await _phase(run, "fork", hosted, context_mode="fork", host_calls=True)
        naive = await _phase(run, "naive", hosted, context_mode="fork", naive="header_first")
        friendly = await _phase(
            run, "naivecf", hosted, context_mode="fork", naive="transcript_first"
        )
        styles = await _styles(run, mixed_load(min(style_sessions, sessions), turns))
    head = {
        "backend": "sqlite" if base.is_sqlite else "postgresql",
        "sessions": sessions,
        "turns_per_session": turns,
        "turns_per_run": wave,
        "latency_ms": round(latency_s * 1000),
    }
    met = all(
        f["sessions_progressed_share"] >= STYLE_TARGETS["sessions_progressed_share"]
        and f["calls_per_run"] <= STYLE_TARGETS["calls_per_run_max"]
        for f in styles.values()
    )
    return (
        head
        | _summary(delta, fork, naive, friendly)
        | {"styles": styles, "styles_targets": STYLE_TARGETS, "styles_met_targets": met}
    )


def _summary(delta: Figures, fork: Figures, naive: Figures, friendly: Figures) -> Figures:
    """Ours (both modes together, and each) against the baselines."""
    runs = delta["runs"] + fork["runs"]
    ours = {"delta": delta, "fork": fork}

    def vs(baseline: Figures) -> dict[str, float]:
        return {
            m: _ratio(f["uncached_prompt_tokens"], baseline["uncached_prompt_tokens"])
            for m, f in ours.items()
        }

    return {
        "runs": runs,
        "model_calls_per_run": _ratio(delta["model_calls"] + fork["model_calls"], runs),
        "prompt_tokens_per_turn": _ratio(
            delta["prompt_tokens"] + fork["prompt_tokens"], delta["turns"] + fork["turns"]
        ),
        "cached_ratio": {"delta": delta["cached_ratio"], "fork": fork["cached_ratio"]},
        "runs_per_s": _ratio(runs, delta["worker_seconds"] + fork["worker_seconds"]),
        "uncached_prompt_tokens_vs_naive": _ratio(
            delta["uncached_prompt_tokens"] + fork["uncached_prompt_tokens"],
            2 * naive["uncached_prompt_tokens"],
        ),
        "uncached_vs_naive_by_mode": vs(naive),
        # Prompt cost = uncached + p * cached: fork is cheaper while p (the price of a cached
        # token relative to an uncached one) stays below this.
        "fork_cheaper_below_cached_price": _ratio(
            delta["uncached_prompt_tokens"] - fork["uncached_prompt_tokens"],
            _cached(fork) - _cached(delta),
        ),
        "uncached_vs_naive_cache_friendly_by_mode": vs(friendly),
        "modes": ours,
        "naive": naive,
        "naive_cache_friendly": friendly,
    }


def _cached(figures: Figures) -> int:
    return int(figures["prompt_tokens"] - figures["uncached_prompt_tokens"])


def _ratio(a: float, b: float) -> float:
    return round(a / b, 4) if b else 0.0
