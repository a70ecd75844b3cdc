"""One extraction run of one session: plan, guard, extract, commit atomically.

The cursor moves only on success, in the same transaction as the memory writes and the run
record, with a compare-and-set on its version: a crash or a failure leaves it where it was,
and a retry never duplicates what a failed attempt wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import structlog
from redis.exceptions import RedisError

from daemon.base.clock import Clock
from daemon.base.errors import (
    CursorConflict,
    ExtractionError,
    SealedDataError,
    StatementFailed,
)
from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.base.settings import RecallSettings
from daemon.extraction import budget
from daemon.extraction.base import (
    ExtractionBatch,
    Extractor,
    Memory,
    MemoryOp,
    Proposal,
    Refusal,
    TurnRecord,
    Usage,
)
from daemon.extraction.failure import Handling, handling, retry_after
from daemon.extraction.outcome import RunOutcome
from daemon.extraction.plan import TurnSpan, Wait, plan_batch
from daemon.extraction.vetting import credential_talk, host_prompts, tool_outputs, vet
from daemon.gate import Screened
from daemon.gate.screening import Limits
from daemon.recall.hybrid import HybridSearch
from daemon.store import memory as memory_store
from daemon.store.db import Connection, Store
from daemon.store.runs import RunRecord, insert_run, set_counts
from daemon.store.transcripts import cursors, pruning
from daemon.store.transcripts.cursors import FailurePolicy, SessionState
from daemon.store.transcripts.session_listing import tenants_of
from daemon.store.truncation import TruncationStore

log = structlog.get_logger("memoryd.extraction")
_REASON_CHARS = 200  # what runs.refusals keeps of a reason


class RetryLater(Exception):
    """Run this session again after ``defer_s`` seconds (a transient failure)."""

    def __init__(self, defer_s: float, reason: str) -> None:
        super().__init__(reason)
        self.defer_s = defer_s


@dataclass(frozen=True, slots=True)
class RunnerConfig:
    max_messages: int
    gap_timeout: timedelta
    failures: FailurePolicy
    limits: Limits
    retry_backoff_s: float = 2.0
    retry_backoff_max_s: float = 300.0
    context_turns: int = 0
    history_max_turns: int = 0
    #: ``keep_transcripts = until_extracted``: a turn is deleted (its messages, its spilled
    #: output) in the transaction that moves the cursor past it.
    forget_extracted: bool = False


@dataclass(slots=True)
class RunReport:
    session_id: str
    outcome: RunOutcome
    run_id: int | None = None
    from_turn: int | None = None
    to_turn: int | None = None
    created: int = 0
    updated: int = 0
    deleted: int = 0
    #: Of the created and updated, the shared ones held for an operator's review.
    held: int = 0
    refusals: list[Refusal] = field(default_factory=list)
    #: The memories the run created and the ones it deleted (replacements are linked).
    created_ids: list[int] = field(default_factory=list, compare=False, repr=False)
    deleted_ids: list[int] = field(default_factory=list, compare=False, repr=False)
    wait_until: datetime | None = None
    more: bool = False


@dataclass(frozen=True, slots=True)
class Run:
    """One run's state: the session (as loaded, with its cursor's version), the turns it
    covers, the batch the extractor reads, when it started (``now``, and ``started`` on the
    monotonic clock for its duration), which attempt it is, and the id of the last message
    the cursor moves past."""

    state: SessionState
    plan: TurnSpan
    batch: ExtractionBatch
    now: datetime
    started: float
    attempt: int
    last_message: str | None

    @property
    def session_id(self) -> str:
        return self.state.session_id

    @property
    def scope(self) -> ScopeKey:
        return self.state.scope


class _Reader:
    """The extractor's read access, bound to the run's scope; its searches are ranked as
    every search is (:mod:`daemon.recall.hybrid`)."""

    def __init__(self, store: Store, scope: ScopeKey, searcher: HybridSearch) -> None:
        self._store = store
        self._scope = scope
        self._searcher = searcher

    async def manifest(self) -> list[Memory]:
        async with self._store.connect() as conn:
            return await memory_store.manifest_rows(conn, self._scope)

    async def search(self, query: str, *, limit: int = 10) -> list[Memory]:
        where = memory_store.SearchFilter(limit=limit)
        prepared = await self._searcher.prepare(query)
        async with self._store.connect() as conn:
            found = await self._searcher.ranked(conn, prepared, self._scope, where)
        return found.memories

    async def read(self, memory_id: int) -> Memory | None:
        async with self._store.connect() as conn:
            return await memory_store.read(conn, self._scope, memory_id)


class ExtractionRunner:
    def __init__(
        self,
        store: Store,
        extractor: Extractor,
        clock: Clock,
        config: RunnerConfig,
        *,
        worker: str | None = None,
        searcher: HybridSearch | None = None,
        truncation: TruncationStore | None = None,
    ) -> None:
        self.store = store
        self.extractor = extractor
        self.clock = clock
        self.config = config
        self.worker = worker
        #: Where the spilled outputs of forgotten turns are removed (``forget_extracted``).
        self.truncation = truncation
        #: How the extractor's ``memory_search`` ranks (keywords only unless given).
        self.searcher = searcher or HybridSearch(RecallSettings(), None, clock)

    async def run(
        self, session_id: str, *, tenant: str | None = None, attempt: int = 1
    ) -> RunReport:
        """Extract the next span of the turns of ``tenant``'s session ``session_id`` and
        commit what passes the gate with the cursor move and the run record (or say why not
        now). Jobs always name the tenant; a caller that does not gets the one tenant using
        the id, and a :class:`ValueError` when several do."""
        if tenant is None:
            tenant = await self._tenant_of(session_id)
        try:
            run = await self._prepare(tenant, session_id, attempt)
        except SealedDataError as exc:
            return await self._unreadable(tenant, session_id, exc)
        if isinstance(run, RunReport):
            return run
        if run.batch.turns and (paused := await self._over_budget(run)) is not None:
            return paused
        if not run.batch.turns:
            proposal, outcome = Proposal(), RunOutcome.SKIPPED
        else:
            try:
                proposal = await self.extractor.extract(
                    run.batch, _Reader(self.store, run.scope, self.searcher)
                )
            except (StatementFailed, RedisError):
                raise  # the store or Redis, not the model: the job retries; the session is fine
            except Exception as exc:  # what it means for the session: see extraction.failure
                return await self._failed(run, exc)
            outcome = RunOutcome.WROTE
        report = await self._commit(run, proposal, outcome)
        report.more = run.plan.last < run.state.last_turn
        return report

    async def _tenant_of(self, session_id: str) -> str:
        async with self.store.connect() as conn:
            found = await tenants_of(conn, session_id)
        if len(found) > 1:
            raise ValueError(f"session {session_id} exists in {len(found)} tenants: name one")
        return found[0] if found else ""

    async def _prepare(self, tenant: str, session_id: str, attempt: int) -> Run | RunReport:
        """The run's state and batch, or the report of why there is nothing to run now."""
        now = self.clock.now()
        async with self.store.connect() as conn:
            state = await cursors.load_state(conn, session_id, tenant=tenant)
            if state is None:
                return RunReport(session_id, RunOutcome.UNKNOWN)
            if state.parked:
                return RunReport(session_id, RunOutcome.PARKED)
            if state.breaker_open(now):
                return RunReport(session_id, RunOutcome.BREAKER, wait_until=state.breaker_until)
            pending = await cursors.pending_turns(
                conn, session_id, state.cursor_turn, limit=self.config.max_messages, tenant=tenant
            )
            plan = plan_batch(
                state.cursor_turn,
                pending,
                now=now,
                gap_timeout=self.config.gap_timeout,
                max_messages=self.config.max_messages,
            )
            if plan is None:
                return RunReport(session_id, RunOutcome.IDLE)
            if isinstance(plan, Wait):
                log.info("extraction.gap_wait", session_id=session_id, missing=plan.missing)
                return RunReport(session_id, RunOutcome.WAITING, wait_until=plan.until)
            start = self._context_start(plan.first, state)
            loaded = await cursors.load_turns(conn, session_id, start, plan.last, tenant=tenant)
        turns = [t for t in loaded if t.turn >= plan.first]
        last_message = next(
            (t.messages[-1].message_id for t in reversed(turns) if t.messages), None
        )
        batch = _batch(state, plan, loaded)
        return Run(state, plan, batch, now, self.clock.monotonic(), attempt, last_message)

    async def _unreadable(self, tenant: str, session_id: str, exc: SealedDataError) -> RunReport:
        """The session's transcript holds data sealed with a key this process does not have
        (or altered): retrying cannot help, so the session is parked at once with the reason
        (``memoryd sessions``), until the key is configured and ``memoryd sessions retry``."""
        log.error("extraction.unreadable", session_id=session_id, error=str(exc))
        policy = replace(self.config.failures, park_after=1)
        async with self.store.begin() as conn:
            await cursors.record_failure(
                conn,
                session_id,
                f"unreadable transcript: {exc}",
                policy,
                self.clock.now(),
                tenant=tenant,
            )
        return RunReport(session_id, RunOutcome.PARKED)

    async def _failed(self, run: Run, exc: Exception) -> RunReport:
        """Record the extractor's failure; raises :class:`RetryLater` when it may pass."""
        how = handling(exc)
        held = await self._fail(run, exc, how)
        if how.retry and held is None:
            delay = retry_after(exc) or self._backoff(run.attempt)
            raise RetryLater(delay, str(exc)) from exc
        outcome = RunOutcome.PARKED if held == "parked" else RunOutcome.FAILED
        return RunReport(run.session_id, outcome, from_turn=run.plan.first, to_turn=run.plan.last)

    def _context_start(self, first: int, state: SessionState) -> int:
        """The first earlier turn to load: all of them when the host's prefix may be replayed
        (a fork, bounded by ``history_max_turns``), else a window of ``context_turns``."""
        if state.host is not None and first <= self.config.history_max_turns:
            return 0
        return first - self.config.context_turns

    def _backoff(self, attempt: int) -> float:
        return min(
            self.config.retry_backoff_max_s,
            self.config.retry_backoff_s * float(2 ** max(0, attempt - 1)),
        )

    def _vet(
        self, run: Run, proposal: Proposal
    ) -> tuple[list[tuple[MemoryOp, Screened | None]], list[Refusal]]:
        """The proposal's ops the gate lets through (with its screened values), and every
        refusal: the extractor's own and the gate's."""
        at = max((t.at for t in run.batch.turns), default=run.now)
        accepted: list[tuple[MemoryOp, Screened | None]] = []
        refusals = list(proposal.refusals)
        tools, prompts = tool_outputs(run.batch), host_prompts(run.batch)
        talk = credential_talk(run.batch)
        for op in proposal.ops:
            vetted = vet(op, run.scope, self.config.limits, at, tools, prompts, talk)
            if isinstance(vetted, Refusal):
                refusals.append(vetted)
            else:
                accepted.append(vetted)
        return accepted, refusals

    async def _commit(self, run: Run, proposal: Proposal, outcome: RunOutcome) -> RunReport:
        """Write what passed, the run record and the cursor move in one transaction (a
        cursor moved meanwhile rolls it all back: a conflict)."""
        accepted, refusals = self._vet(run, proposal)
        record = self._record(run, proposal, outcome)
        record.refused = len(refusals)
        record.refusals = [_kept(r) for r in refusals] or None
        report = RunReport(
            run.session_id, outcome, from_turn=run.plan.first, to_turn=run.plan.last,
            refusals=refusals,
        )  # fmt: skip
        try:
            async with self.store.begin() as conn:
                run_id = await insert_run(conn, record, final=False)
                prov = self._provenance(run, run_id)
                for op, screened in accepted:
                    await self._apply(conn, run.scope, op, screened, prov, run.now, report)
                for removed in report.deleted_ids:
                    await memory_store.link_replacement(conn, removed, report.created_ids)
                await self._finish(conn, run, run_id, report)
                spilled = await self._forget(conn, run)
        except CursorConflict:
            log.warning("extraction.cursor_conflict", session_id=run.session_id)
            return RunReport(run.session_id, RunOutcome.CONFLICT)
        if spilled and self.truncation is not None:  # once the turns are surely gone
            self.truncation.remove(spilled)
        report.run_id = run_id
        log.info(
            "extraction.finished",
            session_id=run.session_id,
            outcome=report.outcome,
            run_id=report.run_id,
            turns=f"{run.plan.first}-{run.plan.last}",
            created=report.created,
            updated=report.updated,
            deleted=report.deleted,
            held=report.held,
            refused=len(refusals),
            guarded=len(run.batch.guarded_turns),
            gaps_skipped=run.plan.gaps_skipped,
        )
        return report

    async def _over_budget(self, run: Run) -> RunReport | None:
        """The report of a run its tenant's hard budget holds back, else None
        (:mod:`daemon.extraction.budget`)."""
        record = self._record(run, Proposal(), RunOutcome.BUDGET)
        until = await budget.paused_until(self.store, record, run.now)
        if until is None:
            return None
        return RunReport(
            run.session_id, RunOutcome.BUDGET, from_turn=run.plan.first, to_turn=run.plan.last,
            wait_until=until,
        )  # fmt: skip

    def _provenance(self, run: Run, run_id: int) -> memory_store.Provenance:
        return memory_store.Provenance(
            actor=memory_store.Actor.RUN,
            actor_id=str(run_id),
            session_id=run.session_id,
            source_user=run.scope.user or None,
            turns=f"{run.plan.first}-{run.plan.last}",
            run_id=run_id,
            created_by=f"extractor:{self.extractor.name}",
        )

    async def _finish(self, conn: Connection, run: Run, run_id: int, report: RunReport) -> None:
        """The run's counts and the cursor's move past its turns (raises CursorConflict)."""
        if report.outcome == RunOutcome.WROTE and not (
            report.created or report.updated or report.deleted
        ):
            report.outcome = RunOutcome.NOTHING
        await set_counts(
            conn,
            run_id,
            outcome=report.outcome,
            created=report.created,
            updated=report.updated,
            deleted=report.deleted,
        )
        plan = run.plan
        moved = await cursors.advance(
            conn,
            run.session_id,
            expected_version=run.state.version,
            to_turn=plan.last,
            message_id=run.last_message,
            gaps_skipped=plan.gaps_skipped,
            now=run.now,
            skipped=_skipped(run.state.cursor_turn, plan.first, plan.gaps_skipped),
            tenant=run.scope.tenant,
        )
        if not moved:
            raise CursorConflict(
                f"the cursor of {run.session_id} moved during the run; rolled back"
            )

    async def _forget(self, conn: Connection, run: Run) -> list[str]:
        """With ``forget_extracted``, the turns the cursor just passed deleted; returns the
        truncation files their tool messages may have spilled to (removed once this
        commits: a failed commit keeps the turns and their files)."""
        if not self.config.forget_extracted:
            return []
        tools = await pruning.forget_extracted(
            conn, run.scope.tenant, run.session_id, run.plan.last
        )
        return [
            name
            for scope, turn, message_id in tools
            for name in TruncationStore.names_of(scope, run.session_id, message_id, turn)
        ]

    async def _apply(
        self,
        conn: Connection,
        scope: ScopeKey,
        op: MemoryOp,
        screened: Screened | None,
        prov: memory_store.Provenance,
        now: datetime,
        report: RunReport,
    ) -> None:
        """Commit one vetted op: a create or an update through the store's ``save()`` with
        the gate's screened value, a delete by id. A created memory is checked for
        near-duplicates by the embedding job (``dedup_later``)."""
        if screened is not None and op.action == "create":
            memory_id = await memory_store.save(
                conn, scope, screened, prov=prov, now=now, dedup_later=True
            )
            if isinstance(memory_id, int):
                report.created_ids.append(memory_id)
                report.created += 1
                report.held += _held(screened)
        elif op.memory_id is None:
            report.refusals.append(Refusal("no memory id", op.title or op.action))
        elif screened is not None:
            updated = await memory_store.save(
                conn, scope, screened, prov=prov, now=now, memory_id=op.memory_id
            )
            if isinstance(updated, int):
                report.updated += 1
                report.held += _held(screened)
        else:
            deleted = await memory_store.delete(
                conn,
                scope,
                op.memory_id,
                reason=op.reason or "deleted by extractor",
                prov=prov,
                now=now,
            )
            if isinstance(deleted, int):
                report.deleted_ids.append(deleted)
                report.deleted += 1

    def _record(
        self, run: Run, proposal: Proposal, outcome: RunOutcome, error: str | None = None
    ) -> RunRecord:
        usage = proposal.usage
        elapsed = self.clock.monotonic() - run.started
        return RunRecord(
            session_id=run.session_id,
            scope=run.scope,
            extractor=f"{self.extractor.name}:{proposal.mode}"
            if proposal.mode
            else self.extractor.name,
            outcome=outcome,
            started_at=run.now,
            finished_at=run.now + timedelta(seconds=elapsed),
            duration_ms=int(elapsed * 1000),
            from_turn=run.plan.first,
            to_turn=run.plan.last,
            messages=run.batch.message_count,
            guarded_turns=len(run.batch.guarded_turns),
            gaps_skipped=run.plan.gaps_skipped,
            model_calls=usage.model_calls,
            prompt_tokens=usage.prompt_tokens,
            completion_tokens=usage.completion_tokens,
            cached_tokens=usage.cached_tokens,
            tool_calls=usage.tool_calls,
            attempt=run.attempt,
            worker=self.worker,
            error=error,
        )

    async def _fail(self, run: Run, exc: Exception, how: Handling) -> str | None:
        """Record a failed run as ``how`` says; returns "parked" or "breaker" when the
        session is now held (only a failure that counts can hold it)."""
        reason = f"{type(exc).__name__}: {exc}"
        if how.traceback:
            log.error(
                "extraction.extractor_bug", session_id=run.session_id, error=reason, exc_info=exc
            )
        if not how.record:
            return None
        usage = exc.usage if isinstance(exc, ExtractionError) else None
        record = self._record(run, Proposal(usage=usage or Usage()), RunOutcome.FAILED, reason)
        failures, breaker, parked = 0, False, False
        async with self.store.begin() as conn:
            if how.count:
                failures, breaker, parked = await cursors.record_failure(
                    conn,
                    run.session_id,
                    reason,
                    self.config.failures,
                    run.now,
                    tenant=run.scope.tenant,
                )
            if parked:
                record.outcome = RunOutcome.PARKED
            await insert_run(conn, record)
        log.warning(
            "extraction.failed",
            session_id=run.session_id,
            error=reason,
            failures=failures,
            breaker_open=breaker,
            parked=parked,
        )
        if parked:
            return "parked"
        return "breaker" if breaker else None


def _batch(state: SessionState, plan: TurnSpan, loaded: list[TurnRecord]) -> ExtractionBatch:
    """The turns ``plan`` covers (those the main agent saved from are context only), with
    the earlier turns loaded for understanding."""
    turns = [t for t in loaded if t.turn >= plan.first]
    earlier = tuple(t for t in loaded if t.turn < plan.first)
    return ExtractionBatch(
        session_id=state.session_id,
        scope=state.scope,
        from_turn=plan.first,
        to_turn=plan.last,
        turns=tuple(t for t in turns if not t.main_agent_saved),
        guarded_turns=tuple(t.turn for t in turns if t.main_agent_saved),
        context=earlier + tuple(t for t in turns if t.main_agent_saved),
        host=state.host,
        history=_from_start(earlier, plan.first),
    )


def _from_start(earlier: tuple[TurnRecord, ...], first: int) -> bool:
    """Whether ``earlier`` holds every turn of the session before ``first``, from its start."""
    expected = earlier[0].turn if earlier else first
    if expected > 1:
        return False
    return all(t.turn == expected + i for i, t in enumerate(earlier)) and (
        not earlier or earlier[-1].turn == first - 1
    )


def _skipped(cursor_turn: int | None, first: int, gaps: int) -> tuple[int, int] | None:
    """The turns a plan skips over, as exclusive bounds, or None when it skips none."""
    if gaps <= 0:
        return None
    return (first - gaps - 1 if cursor_turn is None else cursor_turn, first)


def _held(screened: Screened) -> int:
    """1 when a run's write is a shared memory the gate held for an operator's review."""
    return int(bool(screened.held) and screened.type != memory_store.MemoryType.USER)


def _kept(refusal: Refusal) -> dict[str, Any]:
    """A refusal as ``runs.refusals`` keeps it: why (its code and reason, the reason redacted
    once more, since an extractor's own may quote what it refused, then cut) and how long the
    text was, never the text nor a digest of it. A refusal is mostly of a memory that looked
    like it held a credential: whatever no rule recognised in it would stay here, and a
    digest of a short memory confirms a guessed password."""
    reason = redact(refusal.reason)[0]
    return {
        "reason": reason[:_REASON_CHARS],
        "code": str(refusal.kind) if refusal.kind is not None else None,
        "turn": refusal.turn,
        "chars": len(refusal.text),
    }
