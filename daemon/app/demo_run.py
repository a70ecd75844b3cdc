"""``memoryd demo``: the whole pipeline on embedded defaults, over the bundled sessions."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arq.connections import ArqRedis
from rich.console import Console
from rich.markup import escape

from daemon.app.container import Container, connect_redis, open_container
from daemon.app.process_runner import WorkerFactory, run_processes
from daemon.base.errors import ConfigError
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.events import stream
from daemon.events.publisher import Publisher, fixture_events
from daemon.fixtures import NAMES, load
from daemon.store import memory, runs
from daemon.store.engine import upgrade
from daemon.store.transcripts import session_listing as listing

#: What the report shows of each run, and of how many runs per session (the bundled
#: sessions take a few each).
_REPORTED = ("refusals", "guarded_turns", "from_turn", "to_turn")
_RUNS_REPORTED = 1000


@dataclass
class DemoResult:
    redis: str
    kept: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    refused: dict[str, list[str]] = field(default_factory=dict)
    checks: list[tuple[bool, str]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


async def _pick_redis(settings: Settings, keys: Keys) -> tuple[ArqRedis, str]:
    """The configured Redis if it answers (under a private prefix), else the stand-in."""
    client = connect_redis(settings)
    try:
        await asyncio.wait_for(client.ping(), timeout=1)
    except Exception:
        await client.aclose()
        return _standin(settings, keys), "in-process stand-in"
    return client, f"{settings.redis_url} (prefix {keys.prefix})"


def _standin(settings: Settings, keys: Keys) -> ArqRedis:
    """The in-process stand-in, from the optional ``demo`` extra (fakeredis)."""
    try:
        from daemon.app.redis_standin import standin_redis
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.partition(".")[0] != "fakeredis":
            raise
        raise ConfigError(
            f"no Redis answers at {settings.redis_url}, and the in-process stand-in needs "
            "fakeredis: start Redis (or set MEMORYD_REDIS_URL), or install memoryd[demo]"
        ) from exc
    return standin_redis(default_queue_name=keys.queue)


async def run_demo(base: Settings, workdir: Path, build_worker: WorkerFactory) -> DemoResult:
    prefix = f"memoryd-demo-{secrets.token_hex(4)}"
    settings = base.model_copy(
        update={
            "redis_prefix": prefix,
            "database_url": f"sqlite+aiosqlite:///{workdir / 'memoryd.db'}",
            "truncation": base.truncation.model_copy(update={"dir": workdir / "truncations"}),
            "extraction": base.extraction.model_copy(
                update={"debounce_s": 0.0, "extractor": "rules"}
            ),
            "worker": base.worker.model_copy(update={"poll_delay_s": 0.01}),
            "stream": base.stream.model_copy(update={"block_ms": 50}),
        }
    )
    keys = Keys.of(settings)
    redis, where = await _pick_redis(settings, keys)
    container = await open_container(settings, redis=redis, check_schema=False)
    try:
        await upgrade(container.store.engine)
        publisher = Publisher(redis, keys)
        for name in NAMES:
            await publisher.publish_many(fixture_events(load(name)))
        await run_processes(
            container, dispatch=True, work=True, burst=True, build_worker=build_worker
        )
        return await _report(container, where)
    finally:
        for pattern in keys.all_patterns():  # arq's keys for the demo's jobs too
            async for key in redis.scan_iter(match=pattern):
                await redis.delete(key)
        await container.close()


async def _report(container: Container, where: str) -> DemoResult:
    result = DemoResult(redis=where)
    async with container.store.connect() as conn:
        for name in NAMES:
            session = load(name)
            sid = session["session_id"]
            tenant = str((session.get("scope") or {}).get("tenant") or "")
            kept = await memory.of_session(conn, sid, tenant=tenant)
            result.kept[name] = [(str(m.type), m.content) for m in kept]
            refused: list[str] = []
            for turn in await listing.turn_marks(conn, sid, tenant=tenant):
                if turn.redactions:
                    refused.append(
                        f"refused|turn {turn.turn}: {turn.redactions} secret(s) redacted "
                        "before anything was stored"
                    )
                if turn.spilled:
                    refused.append(
                        f"spilled|turn {turn.turn}: {turn.spilled} oversized tool output(s) "
                        "moved to the truncation store"
                    )
            session_runs = await runs.of_session(
                conn, sid, tenant=tenant, columns=_REPORTED, limit=_RUNS_REPORTED
            )
            for run in reversed(session_runs):  # oldest first
                if run["guarded_turns"]:
                    refused.append(
                        f"skipped|turns {run['from_turn']}-{run['to_turn']}: "
                        f"{run['guarded_turns']} turn(s): the main agent saved memories itself"
                    )
                for item in run["refusals"] or []:
                    where_turn = f"turn {item['turn']}: " if item.get("turn") else ""
                    refused.append(
                        f"refused|{where_turn}{item['reason']} ({item['chars']} characters)"
                    )
            result.refused[name] = refused
            _check(result, name, session["expect"], [t for _, t in result.kept[name]])
        result.counts["turns"] = await listing.count_turns(conn)
        result.counts["memories"] = await memory.count_all(conn)
        result.counts["runs"] = await runs.count(conn)
    result.counts["dead letters"] = await stream.dead_count(container.redis, container.keys)
    return result


def _check(result: DemoResult, name: str, expect: dict[str, Any], kept: list[str]) -> None:
    text = "\n".join(kept).lower()
    for item in expect.get("should_remember", []):
        words = item["mentions"]
        ok = all(w.lower() in text for w in words)
        result.checks.append(
            (ok, f"{name}: keeps a {item['type']} memory mentioning {', '.join(words)}")
        )
    for secret in expect.get("must_not_store", []):
        result.checks.append((secret.lower() not in text, f"{name}: never stores {secret[:12]}…"))


def render(result: DemoResult, console: Console) -> None:
    console.print(
        f"[bold]memoryd demo[/] · Redis: {result.redis} · store: temporary SQLite · "
        "extractor: rules (no LLM)\n"
    )
    for name, kept in result.kept.items():
        console.print(f"[bold]{name}[/]")
        for kind, content in kept:
            console.print(f"  [green]kept[/]    {kind:<8} {escape(content)}", soft_wrap=True)
        for line in result.refused.get(name, []):
            tag, _, text = line.partition("|")
            colour = "yellow" if tag == "refused" else "dim"
            console.print(f"  [{colour}]{tag:<7}[/] {escape(text)}", soft_wrap=True)
        console.print()
    console.print("[bold]Against the fixtures' expectations[/]")
    for ok, label in result.checks:
        mark = "[green]✓[/]" if ok else "[red]✗[/]"
        console.print(f"  {mark} {label}")
    missed = sum(1 for ok, _ in result.checks if not ok)
    if missed:
        console.print(
            f"  ({missed} not kept: the rules extractor keeps only what users say; "
            "facts stated only in tool output need the LLM extractor)"
        )
    console.print()
    console.print(" · ".join(f"{v} {k}" for k, v in result.counts.items()))
