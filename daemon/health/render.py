"""``memoryd status`` for people: one table, the verdict and its reasons first."""

from __future__ import annotations

from datetime import datetime

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from daemon.health.report import Level, Status

_STYLE = {Level.HEALTHY: "green", Level.DEGRADED: "yellow", Level.DOWN: "bold red"}


def _n(value: int | None) -> str:
    return "?" if value is None else f"{value:,}"


def _age(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 120:
        return f"{seconds:.0f}s"
    if seconds < 7200:
        return f"{seconds / 60:.0f}m"
    return f"{seconds / 3600:.1f}h"


def _tokens(value: int) -> str:
    if value >= 1_000_000:
        return f"{value / 1_000_000:.1f}M"
    if value >= 1000:
        return f"{value / 1000:.1f}k"
    return str(value)


def _rows(s: Status) -> list[tuple[str, str]]:
    redis = (
        f"reachable, PING {s.redis.latency_ms} ms"
        if s.redis.reachable
        else f"UNREACHABLE ({s.redis.error})"
    )
    d = s.dead
    dead = f"{_n(d.count)} of {_n(d.capacity)}"
    if d.newest:
        dead += "; newest: " + "; ".join(f"{x.reason[:80]}" for x in d.newest[:3])
    workers = f"{s.live_workers} live" + "".join(
        f"\n  {'●' if w.live else '○'} {w.name}: "
        + (f"beat {_age(w.age_s)} ago" if w.age_s is not None else "shared key")
        + ("" if w.live else " (gone)")
        for w in s.workers[:10]
    )
    scheduled = (
        "\n".join(
            f"{j.name}: {j.outcome or '-'}, {_age(j.age_s)} ago" + (" LATE" if j.late else "")
            for j in s.scheduled
        )
        or "(no run recorded yet)"
    )
    store = "reachable" if s.store_reachable else f"UNREACHABLE ({s.store_error})"
    return [
        ("Redis", redis),
        ("SQL store", store),
        ("Turn stream", _stream(s)),
        ("Dead letters", dead),
        ("Job queue", _queue(s)),
        ("Workers", workers),
        ("Scheduled jobs", scheduled),
        ("Extraction (1 h)", _extraction(s)),
        ("Backlog", _backlog(s)),
        ("Breakers", _breakers(s)),
        ("Review queue", _review(s)),
        ("Data at rest", _at_rest(s)),
        ("Memory integrity", _integrity(s)),
        ("Budgets", _budgets(s)),
        ("Embeddings", _embeddings(s)),
    ]


def _embeddings(s: Status) -> str:
    if s.embeddings.startswith("none"):
        return "none: keyword search only (MEMORYD_EMBEDDINGS__*, docs/recall.md)"
    until = s.backlog.embeddings_breaker_until
    if until is not None:
        return f"{s.embeddings}; breaker OPEN until {until:%H:%M:%S}: searches rank by keywords"
    return s.embeddings or "-"


def _at_rest(s: Status) -> str:
    a = s.at_rest
    if not a.sealed:
        return "STORED IN CLEAR: no data key (MEMORYD_DATA__KEYS or MEMORYD_DATA__KEY_FILE)"
    older = a.keys - 1
    return f"transcripts and spilled outputs sealed (AES-GCM), key {a.primary}" + (
        f", {older} older key(s) for reading" if older else ""
    )


def _since(s: Status, at: datetime) -> float:
    return max(0.0, (s.at - at).total_seconds())


def _integrity(s: Status) -> str:
    a = s.at_rest
    if a.checked_at is None:
        return "not checked yet (memoryd verify-integrity; scheduled hourly)"
    told = f"{_n(a.memories_checked)} live memories checked {_age(_since(s, a.checked_at))} ago"
    if a.memories_tampered:
        told += f"; {_n(a.memories_tampered)} TAMPERED, hidden from recall (ids in the log)"
    if a.memories_unknown_key:
        told += f"; {_n(a.memories_unknown_key)} signed with a key not configured, hidden"
    if a.memories_unkeyed:
        told += f"; {_n(a.memories_unkeyed)} with a plain digest (memoryd keys rotate-data)"
    return told


def _budgets(s: Status) -> str:
    over = s.usage.over_budget
    if not over:
        return "no tenant over its daily token budget"
    return "\n".join(
        f"tenant {b.tenant!r}: {_tokens(b.used)} of {_tokens(b.daily_tokens)} tokens today, "
        + ("extraction PAUSED until the next UTC day (hard)" if b.mode == "hard" else "soft")
        for b in over
    )


def _review(s: Status) -> str:
    if not s.review_pending:
        return "nothing waiting"
    return f"{_n(s.review_pending)} memories waiting for an operator (memoryd memories review)"


def _stream(s: Status) -> str:
    st = s.stream
    lag = f"lag {_n(st.lag)}" + (f" (oldest {_age(st.lag_age_s)})" if st.lag_age_s else "")
    pending = f"pending {_n(st.pending)}" + (
        f" (oldest idle {_age(st.oldest_pending_idle_s)})" if st.oldest_pending_id else ""
    )
    group = "" if st.group_exists else ", no consumer group yet"
    return (
        f"{_n(st.length)} entries, {lag}, {pending}, consumers {st.consumers} "
        f"({st.active_consumers} active){group}"
    )


def _queue(s: Status) -> str:
    q = s.queue
    return (
        f"depth {q.depth}, due {q.due}"
        + (f" (oldest waiting {_age(q.oldest_due_age_s)})" if q.oldest_due_age_s else "")
        + f", deferred {q.deferred}, in progress {q.in_progress}, retrying {q.retrying}, "
        f"failed in the last hour {q.failed_last_hour}"
    )


def _extraction(s: Status) -> str:
    e = s.extraction
    outcomes = ", ".join(f"{k} {v}" for k, v in sorted(e.by_outcome.items())) or "none"
    cached = "-" if e.cached_share is None else f"{e.cached_share:.0%}"
    return (
        f"{e.runs} runs ({outcomes}); p50 {e.p50_ms if e.p50_ms is not None else '-'} ms, "
        f"p95 {e.p95_ms if e.p95_ms is not None else '-'} ms"
        + (f" (the last {e.durations_of} runs)" if e.durations_of < e.runs else "")
        + "; tokens "
        f"{_tokens(e.prompt_tokens)} prompt, {_tokens(e.completion_tokens)} completion, "
        f"cached {cached}; memories written {e.memories_written}"
    )


def _backlog(s: Status) -> str:
    b = s.backlog
    backlog = f"{b.sessions_behind} sessions behind their cursor" + (
        f", oldest {_age(b.oldest_backlog_s)} ({b.oldest_session})" if b.oldest_session else ""
    )
    if b.late_turns:
        backlog += (
            f"; {b.late_turns} late turns in {b.late_sessions} sessions (stored after their "
            "gap was skipped, not extracted: memoryd sessions list)"
        )
    return backlog


def _breakers(s: Status) -> str:
    b = s.backlog
    breakers = f"{b.open_breakers} open, {b.parked} parked" + "".join(
        f"\n  {h.session_id}: {h.state}" + (f" ({h.reason[:80]})" if h.reason else "")
        for h in b.held
    )
    if b.provider_breaker_open and b.provider_breaker_until:
        breakers += f"\n  provider breaker OPEN until {b.provider_breaker_until:%H:%M:%S}"
    return breakers


def render_status(status: Status) -> RenderableType:
    level = status.level
    head = Text.assemble(
        ("memoryd: ", "bold"),
        (level.name.lower(), _STYLE[level]),
        f"  (exit {int(level)}, {status.at:%Y-%m-%d %H:%M:%S} UTC, read in "
        f"{status.elapsed_ms:.0f} ms)",
    )
    findings = [
        Text(f"  {f.level.name.lower():<8} {f.told}", _STYLE[f.level]) for f in status.findings
    ]
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for name, value in _rows(status):
        table.add_row(name, Text(value))  # hostile reasons and ids: text, never markup
    return Group(head, *findings, Text(""), table)
