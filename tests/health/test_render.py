"""``memoryd status`` for people: the verdict and its reasons first, then one row per part, with
counts, ages and tokens in short form and hostile text shown as text, never as markup."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from rich.console import Console

from daemon.health.render import render_status
from daemon.health.report import (
    Backlog,
    DeadLetters,
    Extraction,
    Finding,
    HeldSession,
    Level,
    RecentDeadLetter,
    RedisInfo,
    ScheduledJob,
    Status,
    StreamInfo,
    WorkerInfo,
)

AT = datetime(2026, 6, 1, 12, 0, 5, tzinfo=UTC)


def shown(status: Status) -> str:
    console = Console(width=300, file=io.StringIO(), record=True)
    console.print(render_status(status))
    return console.export_text()


def flat(text: str) -> str:
    """The text with every run of whitespace (the table's padding, line breaks) as one space."""
    return " ".join(text.split())


def test_the_verdict_and_its_findings_come_first() -> None:
    s = Status(
        at=AT,
        level=Level.DOWN,
        elapsed_ms=12.4,
        findings=[Finding(Level.DOWN, "workers", "no live worker", " (1 stopped or silent)")],
    )
    lines = shown(s).splitlines()
    assert lines[0] == "memoryd: down  (exit 2, 2026-06-01 12:00:05 UTC, read in 12 ms)"
    assert lines[1].rstrip() == "  down     no live worker (1 stopped or silent)"


def test_each_part_is_a_row_in_short_form() -> None:
    s = Status(
        at=AT,
        redis=RedisInfo(reachable=False, error="refused"),
        store_reachable=True,
        stream=StreamInfo(length=12_345, group_exists=False, lag=None, pending=2),
        dead=DeadLetters(count=1, capacity=10_000, newest=[RecentDeadLetter("1-0", "t", "bad")]),
        workers=[WorkerInfo("w1", True, 3.0), WorkerInfo("w2", False, 7300.0)],
        scheduled=[ScheduledJob("retention", "ok", AT, AT, 150.0, late=True)],
        extraction=Extraction(
            runs=4,
            by_outcome={"wrote": 3, "failed": 1},
            p50_ms=900,
            durations_of=4,
            prompt_tokens=2_500_000,
            completion_tokens=1500,
            cached_tokens=1_250_000,
        ),
        backlog=Backlog(
            sessions_behind=2,
            oldest_backlog_s=90.0,
            oldest_session="s-9",
            open_breakers=1,
            held=[HeldSession("s-9", "breaker", "model timeout")],
        ),
    )
    text = flat(shown(s))
    assert "Redis UNREACHABLE (refused)" in text
    assert "SQL store reachable" in text
    assert "12,345 entries, lag ?, pending 2, consumers 0 (0 active), no consumer group yet" in text
    assert "1 of 10,000; newest: bad" in text
    assert "1 live" in text and "● w1: beat 3s ago" in text and "○ w2: beat 2.0h ago (gone)" in text
    assert "retention: ok, 2m ago LATE" in text
    assert (
        "4 runs (failed 1, wrote 3); p50 900 ms, p95 - ms; tokens 2.5M prompt, 1.5k completion, "
        "cached 50%; memories written 0"
    ) in text
    assert "2 sessions behind their cursor, oldest 90s (s-9)" in text
    assert "1 open, 0 parked" in text and "s-9: breaker (model timeout)" in text


def test_hostile_text_is_printed_as_text_not_markup() -> None:
    s = Status(at=AT, dead=DeadLetters(count=1, newest=[RecentDeadLetter("1-0", "t", "[red]x[/]")]))
    assert "newest: [red]x[/]" in flat(shown(s))


def test_the_embeddings_row_names_the_mode() -> None:
    keyword = flat(shown(Status(at=AT, embeddings="none (keyword search only)")))
    assert "Embeddings none: keyword search only (MEMORYD_EMBEDDINGS__*" in keyword
    model = flat(shown(Status(at=AT, embeddings="openai text-embedding-3-small (1536 dims)")))
    assert "Embeddings openai text-embedding-3-small (1536 dims)" in model
    s = Status(at=AT, embeddings="openai m (8 dims)", backlog=Backlog(embeddings_breaker_until=AT))
    assert "openai m (8 dims); breaker OPEN until 12:00:05: searches rank by keywords" in flat(
        shown(s)
    )
