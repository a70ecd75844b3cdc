"""The dispatcher: turn stream → store → extraction jobs, at least once, never crashing on input.

Each batch: decode and validate every entry (a bad one goes to the dead-letter stream with its
reason), prepare the good ones (each read after the turns before it: what a turn this process
did not prepare left is read from the store first), store them in one transaction (their
spilled tool outputs written inside it), ask for extraction of their sessions, and only then
acknowledge. Each event is judged on its own: when the batch's transaction fails on data, the
events are stored one by one, and the one the store refuses, or that raises anything
unforeseen, is dead-lettered with the real reason while the others are stored. A store that is
down (``daemon.store.failures.is_outage``) keeps the whole batch pending instead. Entries left
pending by a dead dispatcher are claimed after an idle time; an entry delivered too many times
without success is dead-lettered.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

import structlog
from redis.asyncio import Redis
from redis.exceptions import RedisError

from daemon.base.clock import Clock
from daemon.base.errors import EventError, describe
from daemon.base.failpoints import failpoint
from daemon.base.free_memory import release_free_memory
from daemon.base.redact_json import redact_payload
from daemon.base.redaction import redact
from daemon.base.redis_keys import Keys
from daemon.base.settings import StreamSettings
from daemon.dispatcher.deadletter import cut, dead_letter_fields
from daemon.dispatcher.pipeline import Dead, Decoded, Outcome, Pipeline, StreamBatch
from daemon.dispatcher.prepare import CHAT_ROLES, RECALLED_TURNS, Preparer
from daemon.events import stream
from daemon.events.codec import EVENT_FIELD, decode_event
from daemon.events.models import TurnEvent
from daemon.queue import JobQueue
from daemon.store.compaction import SUMMARY_LIFETIME
from daemon.store.db import Store
from daemon.store.failures import is_outage, is_refusal
from daemon.store.transcripts.ingest import ingest
from daemon.store.transcripts.prepared import PreparedTurn
from daemon.store.transcripts.said_before import said_up_to
from daemon.store.transcripts.session_scopes import ScopeCache
from daemon.store.transcripts.verdicts import IngestResult, refusal_reason, session_key
from daemon.store.truncation import TruncationStore

log = structlog.get_logger("memoryd.dispatcher")

Entry = stream.Entry


@dataclass(slots=True)
class DispatchStats:
    read: int = 0
    stored: int = 0
    duplicates: int = 0
    dead: int = 0
    claimed: int = 0
    batches: int = 0
    jobs_queued: int = 0
    store_errors: int = 0


@dataclass(slots=True)
class _Loop:
    """Where :meth:`Dispatcher.run` stands between two passes."""

    #: Our own pending entries are read first (a restart with the same name), and again
    #: after an error.
    backlog: bool = True
    #: When the next claim pass is due (the clock's monotonic seconds).
    next_claim: float = 0.0


class Dispatcher:
    def __init__(
        self,
        redis: Redis,
        store: Store,
        queue: JobQueue,
        preparer: Preparer,
        truncation: TruncationStore,
        keys: Keys,
        settings: StreamSettings,
        clock: Clock,
        *,
        consumer: str,
        summary_lifetime: timedelta = SUMMARY_LIFETIME,
    ) -> None:
        self.redis = redis
        self.store = store
        self.queue = queue
        self.preparer = preparer
        self.truncation = truncation
        self.keys = keys
        self.settings = settings
        self.clock = clock
        self.consumer = consumer
        self.summary_lifetime = summary_lifetime
        self.stats = DispatchStats()
        self._stop = asyncio.Event()
        self._scopes = ScopeCache()

    def stop(self) -> None:
        self._stop.set()

    async def ensure_group(self) -> None:
        await stream.ensure_group(self.redis, self.keys)

    async def run(self, *, burst: bool = False) -> DispatchStats:
        """Consume until stopped (or, with ``burst``, until the stream is drained).

        New entries are pipelined: the next batch is decoded and prepared while the previous
        one commits. A batch the store could not take is kept and retried from memory, so a
        store outage does not count as redeliveries (which would mark good events as poison).
        """
        await self.ensure_group()
        structlog.contextvars.bind_contextvars(consumer=self.consumer)
        log.info("dispatcher.started", stream=stream.Which.TURNS.key(self.keys), burst=burst)
        loop = _Loop()
        pipeline = Pipeline(self._commit)
        while not self._stop.is_set():
            try:
                if await self._step(pipeline, loop, burst=burst):
                    break
            except (RedisError, OSError) as exc:
                log.warning("dispatcher.redis_error", error=str(exc))
                await pipeline.abandon()
                loop.backlog = True
                await self.clock.sleep(1.0)
                if "NOGROUP" in str(exc):  # Redis came back without its data
                    with contextlib.suppress(RedisError, OSError):
                        await self.ensure_group()
            except Exception:
                log.exception("dispatcher.unexpected_error")
                await pipeline.abandon()
                loop.backlog = True
                await self.clock.sleep(1.0)
        await pipeline.abandon()
        log.info("dispatcher.stopped", **_asdict(self.stats))
        return self.stats

    async def _step(self, pipeline: Pipeline, loop: _Loop, *, burst: bool) -> bool:
        """One pass of :meth:`run`'s loop; True when a burst has drained the stream."""
        if not await pipeline.retry():
            await self.clock.sleep(1.0)
            return False
        claim_due = self.clock.monotonic() >= loop.next_claim
        if (loop.backlog or claim_due) and not await pipeline.drain():
            return False
        if claim_due:
            stopped = await self._claim(pipeline)
            # Stopped at a batch the store could not take: it is retried from memory first,
            # and the claiming resumes right after, before anything is read.
            interval = 0.0 if stopped else self.settings.claim_interval_s
            loop.next_claim = self.clock.monotonic() + interval
            release_free_memory()
            if stopped:
                return False
        entries = await self._read("0" if loop.backlog else ">", block=not burst)
        if loop.backlog:
            loop.backlog = bool(entries)
            if entries:
                await pipeline.run_now(await self._prepare(await self._drop_poison(entries)))
            return False
        if not entries:
            return await pipeline.drain() and burst
        batch = await self._prepare(entries)
        if await pipeline.drain():
            pipeline.submit(batch)  # kept to retry instead when it is not ready
        else:
            pipeline.failed.append(batch)
        return False

    async def _read(self, start: str, *, block: bool) -> list[Entry]:
        return await stream.read_group(
            self.redis,
            self.keys,
            self.consumer,
            start,
            count=self.settings.batch_size,
            block_ms=self.settings.block_ms if block else None,
        )

    async def _claim(self, pipeline: Pipeline) -> bool:
        """Claim and process stale entries in stream order; True when it stopped at a batch
        the store could not take (kept in ``pipeline`` to retry first: none claimed after it
        may be stored before it)."""
        idle_ms = int(self.settings.claim_idle_s * 1000)
        start = "0-0"
        claimed = 0
        stopped = False
        for _ in range(100):
            start, batch = await stream.claim(
                self.redis,
                self.keys,
                self.consumer,
                idle_ms,
                start,
                count=self.settings.batch_size,
            )
            if batch:
                claimed += len(batch)
                await pipeline.run_now(await self._prepare(await self._drop_poison(batch)))
                if pipeline.failed:
                    stopped = True
                    break
            if start == "0-0":
                break
        self.stats.claimed += claimed
        if claimed:
            log.info("dispatcher.claimed", entries=claimed)
        return stopped

    async def _drop_poison(self, batch: list[Entry]) -> list[Entry]:
        """Dead-letter the entries delivered more than ``max_deliveries`` times."""
        if not batch:
            return batch
        deliveries = await stream.deliveries(
            self.redis, self.keys, batch[0][0], batch[-1][0], len(batch) * 2 + 10
        )
        keep: list[Entry] = []
        poison: list[Dead] = []
        for entry_id, fields in batch:
            times = deliveries.get(entry_id, 0)
            if times > self.settings.max_deliveries:
                poison.append(Dead(entry_id, fields, f"delivered {times} times without success"))
            else:
                keep.append((entry_id, fields))
        if poison:
            await self._finish(Outcome(ack=[d.entry_id for d in poison], dead=poison))
        return keep

    async def process(self, entries: Sequence[Entry]) -> bool:
        """Handle one batch; False when the store failed and the batch stays pending."""
        return await self._commit(await self._prepare(entries))

    async def _prepare(self, entries: Sequence[Entry]) -> StreamBatch:
        """Decode, validate and prepare (CPU only, but for what the turns before the events
        left when this process did not prepare them: see :meth:`_ready`). An event that fails
        here for any reason, foreseen or not, is dead-lettered alone with that reason.

        The loop gets a turn every few events, so the commit in flight does not wait for the
        whole batch to be prepared before its next statement goes out."""
        self.stats.read += len(entries)
        self.stats.batches += 1
        batch = StreamBatch()
        for i, (entry_id, fields) in enumerate(entries):
            if i and i % _YIELD_EVERY == 0:
                await asyncio.sleep(0)
            if fields is None:  # trimmed while pending: nothing left to process
                batch.outcome.ack.append(entry_id)
                continue
            try:
                event = decode_event(
                    fields.get(EVENT_FIELD.encode()), max_bytes=self.settings.max_event_bytes
                )
            except Exception as exc:
                _unprepared(batch, entry_id, fields, exc)
            else:
                batch.decoded.append(Decoded(entry_id, fields, event))
        await self._ready(batch)
        return batch

    async def _ready(self, batch: StreamBatch) -> bool:
        """Prepare the batch's decoded events, after reading from the store what the turns
        before them left where this process did not prepare those turns; False when the
        store is down: the events wait in the batch, which is kept and retried as one the
        store could not take (it could not take it either). A read that fails otherwise (a
        value that does not open) is logged, and the events are prepared without it."""
        if batch.ready:
            return True
        try:
            await self._recall([d.event for d in batch.decoded])
        except Exception as exc:
            if is_outage(exc):
                self.stats.store_errors += 1
                log.warning(
                    "dispatcher.store_unavailable", error=_describe(exc), entries=len(batch.decoded)
                )
                return False
            # As if no turn came before them: never dead-lettered for another turn's rows.
            log.error("dispatcher.turn_before_unread", error=_describe(exc))
        for i, decoded in enumerate(batch.decoded):
            if i and i % _YIELD_EVERY == 0:
                await asyncio.sleep(0)
            try:
                batch.prepared.append(self.preparer.prepare(decoded.event, decoded.entry_id))
            except Exception as exc:
                _unprepared(batch, decoded.entry_id, decoded.fields, exc)
        batch.decoded.clear()
        return True

    async def _recall(self, events: list[TurnEvent]) -> None:
        """Have the preparer learn what the turns before ``events`` left, those it did not
        prepare, from their messages as stored: one read for the batch, none when it knows
        them all. A turn not stored (still to come) leaves nothing."""
        unknown = self.preparer.unknown(events)
        if not unknown:
            return
        async with self.store.read() as conn:
            said = await said_up_to(conn, unknown, at_most=RECALLED_TURNS, roles=CHAT_ROLES)
        for turn, messages in said.items():
            self.preparer.recall(turn, messages)

    async def _commit(self, batch: StreamBatch) -> bool:
        """Store, queue extraction, then dead-letter and acknowledge. Each attempt starts from
        what preparing decided: a batch retried after an outage judges its events afresh,
        never dead-lettering one twice."""
        if not await self._ready(batch):
            return False
        outcome = Outcome(ack=list(batch.outcome.ack), dead=list(batch.outcome.dead))
        result = await self._store(batch.prepared, outcome)
        if result is None:
            return False
        urgent = {session_key(t) for t in result.stored if t.event.kind == "session_end"}
        sessions = {session_key(t) for t in result.stored + result.duplicates}
        self.stats.jobs_queued += await self.queue.request_extraction(sessions, urgent=urgent)
        failpoint("dispatcher.after_store")
        await self._finish(outcome)
        self.stats.stored += len(result.stored)
        self.stats.duplicates += len(result.duplicates)
        return True

    async def _store(self, prepared: list[PreparedTurn], outcome: Outcome) -> IngestResult | None:
        """Store a batch; None when the store is unreachable (the batch stays pending)."""
        if not prepared:
            return IngestResult()
        try:
            result = await self._ingest(prepared)
        except Exception as exc:
            if is_outage(exc):
                self._unavailable(exc, prepared)
                return None
            if len(prepared) > 1:
                return await self._store_one_by_one(prepared, outcome)
            await self._refused(prepared[0], exc, outcome)
            return IngestResult()
        self._settle(result, outcome)
        return result

    async def _ingest(self, prepared: list[PreparedTurn]) -> IngestResult:
        """One transaction: the turns, their messages, sessions and cursors, and the spill
        files of the turns it stores (removed again when it does not commit)."""
        written: list[str] = []
        try:
            async with self.store.begin() as conn:
                result = await ingest(
                    conn,
                    prepared,
                    self.clock.now(),
                    known=self._scopes,
                    summary_lifetime=self.summary_lifetime,
                    max_turn_jump=self.settings.max_turn_jump,
                )
                written = self.truncation.write_all(s for t in result.stored for s in t.spills)
        except BaseException:
            self.truncation.remove(written)
            raise
        self._scopes.remember(result.stored)
        return result

    def _unavailable(self, exc: Exception, prepared: list[PreparedTurn]) -> None:
        self.stats.store_errors += 1
        log.warning("dispatcher.store_unavailable", error=_describe(exc), entries=len(prepared))

    async def _refused(self, turn: PreparedTurn, exc: Exception, outcome: Outcome) -> None:
        self.stats.store_errors += 1
        if is_refusal(exc):
            reason = f"the store refused the event: {await self._explain(turn) or _describe(exc)}"
        else:
            log.error("dispatcher.store_failed", entry_id=turn.entry_id, error=_describe(exc))
            reason = f"the event could not be stored: {_describe(exc)}"
        outcome.dead.append(Dead(turn.entry_id, None, reason))
        outcome.ack.append(turn.entry_id)

    async def _explain(self, turn: PreparedTurn) -> str | None:
        try:
            async with self.store.connect() as conn:
                return await refusal_reason(conn, turn)
        except Exception:  # the raw refusal will do
            return None

    async def _store_one_by_one(
        self, prepared: list[PreparedTurn], outcome: Outcome
    ) -> IngestResult | None:
        """Find the events the store refuses: each alone, the refused ones dead-lettered."""
        merged = IngestResult()
        for turn in prepared:
            try:
                result = await self._ingest([turn])
            except Exception as exc:
                if is_outage(exc):
                    self._unavailable(exc, prepared)
                    return None
                await self._refused(turn, exc, outcome)
                continue
            merged.extend(result)
        self._settle(merged, outcome)
        return merged

    def _settle(self, result: IngestResult, outcome: Outcome) -> None:
        for turn in result.stored + result.duplicates:
            outcome.ack.append(turn.entry_id)
        for turn, reason in result.rejected:
            outcome.dead.append(Dead(turn.entry_id, None, reason))
            outcome.ack.append(turn.entry_id)

    async def _finish(self, outcome: Outcome) -> None:
        """Dead letters and acknowledgements in one transaction."""
        if not outcome.ack and not outcome.dead:
            return
        now = self.clock.now().isoformat()
        unread = [d.entry_id for d in outcome.dead if d.fields is None]
        raw = await stream.entries(self.redis, self.keys, unread) if unread else {}
        letters = []
        for dead in outcome.dead:
            fields = dead.fields if dead.fields is not None else raw.get(dead.entry_id)
            payload = (fields or {}).get(EVENT_FIELD.encode())
            if payload is None and fields:
                payload = repr(fields).encode()
            reason = redact(dead.reason)[0]
            letter = functools.partial(
                _letter, payload or b"", reason, dead.entry_id, now, self.consumer, self.settings
            )
            # Redacting and hashing a payload of megabytes takes a while: not on the loop.
            big = len(payload or b"") > _BIG_PAYLOAD
            letters.append(await asyncio.to_thread(letter) if big else letter())
            log.warning("dispatcher.dead_letter", entry_id=dead.entry_id, reason=reason)
        await stream.settle(
            self.redis,
            self.keys,
            letters,
            outcome.ack,
            dead_maxlen=self.settings.dead_letter_maxlen,
            delete=self.settings.delete_stored,
            mark_ttl_s=self.settings.delivery_ttl_s,
        )
        self.stats.dead += len(outcome.dead)


def _unprepared(
    batch: StreamBatch, entry_id: str, fields: dict[bytes, bytes], exc: Exception
) -> None:
    """Dead-letter an event that could not be decoded or prepared, alone, with the reason."""
    if isinstance(exc, EventError):
        reason = str(exc)
    else:  # a case nobody foresaw: this event's problem alone
        log.error("dispatcher.prepare_failed", entry_id=entry_id, error=_describe(exc))
        reason = f"the event could not be prepared: {_describe(exc)}"
    batch.outcome.dead.append(Dead(entry_id, fields, reason))
    batch.outcome.ack.append(entry_id)


def _describe(exc: BaseException) -> str:
    """The exception in one line (``daemon.base.errors.describe``), without secrets."""
    return redact(describe(exc))[0]


def _asdict(stats: DispatchStats) -> dict[str, int]:
    return {name: getattr(stats, name) for name in stats.__slots__}


_BIG_PAYLOAD = 256 * 1024
REDACTED_MARGIN_BYTES = 64 * 1024
"""How far past a dead letter's cap its payload is redacted: redaction runs at a few
megabytes a second, so a payload refused for its size is redacted only as far as its letter
keeps it, with room for a secret (a private key block) that runs across the cut."""
_YIELD_EVERY = 10  # events prepared between two turns of the event loop


def _letter(
    payload: bytes, reason: str, entry_id: str, at: str, consumer: str, settings: StreamSettings
) -> dict[str, str | bytes]:
    """The dead letter's fields; if the payload defeats that (a case nobody foresaw), a
    letter without it, so that the entry is still set aside and acknowledged, never retried
    forever."""
    try:
        cap = settings.dead_letter_max_payload_bytes
        fields = dead_letter_fields(
            _without_secrets(cut(payload, cap + REDACTED_MARGIN_BYTES)),
            reason,
            whole=payload,
            redact_owner=lambda value: redact(value)[0],
            entry_id=entry_id,
            at=at,
            consumer=consumer,
            max_payload_bytes=settings.dead_letter_max_payload_bytes,
        )
        for value in fields.values():  # what redis-py will have to encode
            if isinstance(value, str):
                value.encode("utf-8")
        return fields
    except Exception as exc:
        log.error("dispatcher.dead_letter_unkept", entry_id=entry_id, error=_describe(exc))
        return {
            "reason": f"{reason[:900]} (payload not kept: {_describe(exc)[:80]})",
            "payload": b"",
            "entry_id": entry_id,
            "at": at,
            "consumer": consumer,
            "bytes": str(len(payload)),
            "truncated": "1",
        }


def _without_secrets(payload: bytes) -> bytes:
    """A dead letter's payload with its secrets replaced, as the dispatcher would store it: it
    is kept for replay, never the secrets (bytes that are not UTF-8 are kept as they are)."""
    text = payload.decode("utf-8", errors="surrogateescape")
    clean, found = redact_payload(text)
    return clean.encode("utf-8", errors="surrogateescape") if found else payload
