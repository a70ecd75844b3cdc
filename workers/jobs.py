"""The job functions: thin wrappers over ``daemon`` that translate its signals for arq."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import structlog
from arq import Retry
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from daemon.base.errors import StoreUnavailable
from daemon.base.scope import SessionKey
from daemon.extraction.outcome import PROGRESS, RunOutcome
from daemon.extraction.runner import RetryLater, RunReport
from daemon.maintenance import session_summary, session_windows
from daemon.queue import release_lock, take_lock
from daemon.store.transcripts.cursors import sessions_behind
from workers.job_context import JobContext, job_context

log = structlog.get_logger("memoryd.worker")

_FOLLOWUP = "memoryd_followup"
# A session locked by another run (or by a worker that died in one): look again after this.
_LOCKED_RETRY = timedelta(seconds=2)
# The store or Redis went away (restart, failover, a killed connection): retry the job; it
# says nothing about the session.
_INFRASTRUCTURE = (StoreUnavailable, RedisConnectionError, RedisTimeoutError)


def _store_backoff(attempt: int) -> float:
    return float(min(60.0, 0.5 * 2 ** max(0, attempt - 1))) * random.uniform(1.0, 1.25)


@dataclass(slots=True)
class _Followup:
    """What the end of a job must check (arq's after_job_end runs once the job id is free)."""

    session: SessionKey
    generation: int
    again: bool = False
    wait_until: datetime | None = None


async def extract_session(ctx: dict[str, Any], session_id: str, tenant: str = "") -> str:
    """Extract the new turns of ``tenant``'s session ``session_id`` (one run; the follow-up
    queues the next if needed)."""
    jc = job_context(ctx)
    redis = jc.container.redis
    keys = jc.container.keys
    session = (tenant, session_id)
    structlog.contextvars.bind_contextvars(job_id=ctx.get("job_id"), session_id=session_id)
    followup = _Followup(session, await jc.queue.generation(session))
    ctx[_FOLLOWUP] = followup
    # As long as arq keeps a crashed job's in-progress key: the job timeout plus 10 s.
    lock_ms = int((jc.container.settings.worker.job_timeout_s + 10) * 1000)
    token = await take_lock(redis, keys, session, ttl_ms=lock_ms)
    if token is None:
        log.info("extraction.locked_elsewhere")
        followup.wait_until = jc.container.clock.now() + _LOCKED_RETRY
        return RunOutcome.LOCKED
    try:
        report = await _drain(jc, session, int(ctx.get("job_try", 1)))
    except RetryLater as signal:
        ctx[_FOLLOWUP] = None  # arq re-queues this job id itself
        await _summarize(jc, session)  # the model failed; the summary never needs it
        defer = signal.defer_s * random.uniform(1.0, 1.25)
        log.info("extraction.retry", defer_s=round(defer, 2), reason=str(signal))
        raise Retry(defer=defer) from signal
    except _INFRASTRUCTURE as exc:
        ctx[_FOLLOWUP] = None
        defer = _store_backoff(int(ctx.get("job_try", 1)))
        log.warning("extraction.store_unavailable", defer_s=round(defer, 2), error=str(exc)[:300])
        raise Retry(defer=defer) from exc
    finally:
        await release_lock(redis, keys, session, token)
    followup.again = report.more
    followup.wait_until = report.wait_until
    await _summarize(jc, session)
    windows_changed = await _cut_windows(jc, session)
    if jc.backfill is not None and (report.created or report.updated or windows_changed):
        await jc.queue.request_embedding()
    return report.outcome


async def _summarize(jc: JobContext, session: SessionKey) -> None:
    """Fold the session's new turns into its rolling summary (at no model cost, whatever
    the run's outcome). A failure leaves the summary behind until the next run, never fails
    the run. None is kept when transcripts are kept only until extracted."""
    if _forgetting(jc):
        return
    try:
        await session_summary.update(
            jc.container.store, session[1], tenant=session[0], now=jc.container.clock.now()
        )
    except Exception as exc:  # bookkeeping for hosts must not fail the extraction
        log.warning("session_summary.failed", error=str(exc)[:300])


async def _cut_windows(jc: JobContext, session: SessionKey) -> int:
    """Cut the session's windows for session recall again (how many changed). A failure
    costs session recall this session's newest turns until the next run, never the run.
    None is cut when transcripts are kept only until extracted."""
    settings = jc.container.settings.session_recall
    if not settings.enabled or _forgetting(jc):
        return 0
    try:
        done = await session_windows.refresh(
            jc.container.store,
            session[1],
            tenant=session[0],
            now=jc.container.clock.now(),
            window_turns=settings.window_turns,
        )
    except Exception as exc:  # bookkeeping for recall must not fail the extraction
        log.warning("session_recall.windows_failed", error=str(exc)[:300])
        return 0
    return done.changed


def _forgetting(jc: JobContext) -> bool:
    """Whether a turn lives only until extracted (then nothing is derived from it)."""
    return jc.container.settings.maintenance.forgets_extracted


async def _drain(jc: JobContext, session: SessionKey, attempt: int) -> RunReport:
    """Successive bounded runs while a backlog remains, within half the job timeout."""
    clock = jc.container.clock
    deadline = clock.monotonic() + jc.container.settings.worker.job_timeout_s / 2
    while True:
        report = await jc.runner.run(session[1], tenant=session[0], attempt=attempt)
        if not report.more or report.outcome not in PROGRESS or clock.monotonic() > deadline:
            return report


async def after_job_end(ctx: dict[str, Any]) -> None:
    """Queue the session again when turns arrived during the run or a backlog remains."""
    followup = ctx.get(_FOLLOWUP)
    if not isinstance(followup, _Followup):
        return
    jc = job_context(ctx)
    session = followup.session
    if followup.again or await jc.queue.generation(session) != followup.generation:
        await jc.queue.request_extraction([session], delay_s=0 if followup.again else None)
    elif followup.wait_until is not None:
        delay = (followup.wait_until - jc.container.clock.now()).total_seconds()
        await jc.queue.request_extraction([session], delay_s=max(0.0, delay))


async def sweep(ctx: dict[str, Any]) -> int:
    """Queue every session whose stored turns lie past its cursor (nothing is left behind)."""
    jc = job_context(ctx)
    async with jc.container.store.connect() as conn:
        behind = await sessions_behind(conn, jc.container.clock.now(), limit=10_000)
    queued = await jc.queue.request_extraction(behind, delay_s=0) if behind else 0
    log.info("sweep.finished", behind=len(behind), queued=queued)
    return queued


async def embed_pending(ctx: dict[str, Any]) -> str:
    """Embed the pending memories (:mod:`daemon.maintenance.embedding`), then the pending
    windows of sessions (:mod:`daemon.maintenance.fragment_embedding`), for half the job
    timeout at most. A transient failure retries the job later (the memories stay pending;
    past the last try the scheduled backfill takes them up); what is left when time runs
    out is the next pass's."""
    jc = job_context(ctx)
    if jc.backfill is None:
        return "disabled"
    clock = jc.container.clock
    attempt = int(ctx.get("job_try", 1))
    deadline = clock.monotonic() + jc.container.settings.worker.job_timeout_s / 2

    def until() -> bool:
        return clock.monotonic() > deadline

    try:
        report = await jc.backfill.run(jc.container.store, until=until)
        log.info("embedding.pass_finished", **report.as_dict())
        if not report.retry and not report.more and jc.fragment_backfill is not None:
            report = await jc.fragment_backfill.run(jc.container.store, until=until)
            log.info("embedding.fragments_pass_finished", **report.as_dict())
    except _INFRASTRUCTURE as exc:
        defer = _store_backoff(attempt)
        log.warning("embedding.store_unavailable", defer_s=round(defer, 2), error=str(exc)[:300])
        raise Retry(defer=defer) from exc
    if report.retry:
        if attempt < jc.container.settings.worker.max_tries:
            raise Retry(defer=_store_backoff(attempt))
        return "retry_later"
    return "more" if report.more else "done"
