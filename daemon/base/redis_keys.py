"""Every Redis key memoryd reads or writes, derived from one prefix.

All keys of one deployment share ``MEMORYD_REDIS_PREFIX`` (default ``memoryd``), so two
deployments (or two test runs) can share a Redis server without seeing each other:

    <prefix>:turns              the stream agent hosts XADD turn events to
    <prefix>:dead               dead letters: entries that could not be accepted
    <prefix>:queue              the arq queue (a sorted set owned by arq)
    <prefix>:gen:<session>      the session's generation counter (coalescing)
    <prefix>:lock:<session>     the session's extraction lock
    <prefix>:extract:<session>  the arq job id of the session's extraction job

(``<session>`` is ``<tenant>:<session id>``, the tenant percent-encoded so that it holds no
``:``: a session id is its tenant's own, and two tenants' sessions never share a key.)
    <prefix>:queue:health-check arq's shared health check (workers started by arq's command)
    <prefix>:cron:<name>        the once-per-period lock of a scheduled job
    <prefix>:<job>              the arq name of a scheduled job (``sweep``, ``consolidate``…)
    <prefix>:workers            the registry of worker heartbeats (a sorted set)
    <prefix>:workers:<name>     one worker's heartbeat (arq's health line, with a TTL)
    <prefix>:llm:breaker        the model provider's breaker, shared by all workers
    <prefix>:embeddings:breaker the embedding provider's breaker, shared by all processes
    <prefix>:rate:<key>:<n>     requests of one API key in rate window n (memoryd serve)
    <prefix>:keys:epoch         bumped by every key revocation: serve drops its key cache
    <prefix>:delivery:<n>:<tenant>:<event>  an event accepted over HTTP (scope, entry id)
    <prefix>:dead-entry:<entry> why the stream entry was dead-lettered (reason, at)

arq stores its own per-job keys under fixed prefixes followed by the job id, so the keys of
our jobs are ``arq:job:<prefix>:…``, ``arq:in-progress:<prefix>:…`` and so on;
:meth:`Keys.all_patterns` covers them too.

Nothing here talks to Redis: this module names keys, and :func:`as_text` reads the bytes
Redis answers with as text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from daemon.base.scope import SessionKey, session_key

if TYPE_CHECKING:
    from daemon.base.settings import Settings

#: The consumer group every dispatcher joins on the turns stream.
CONSUMER_GROUP = "memoryd"

#: Prefixes arq puts before a job id (arq.constants: job_key_prefix and friends).
ARQ_JOB_KEY_PREFIXES = ("arq:job:", "arq:in-progress:", "arq:retry:", "arq:result:")

_GLOB_SPECIALS = frozenset("*?[]\\")


def as_text(value: Any) -> str:
    """A value read from Redis as text (bytes decoded, invalid UTF-8 replaced)."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def glob_escape(text: str) -> str:
    """Escape Redis glob metacharacters so ``text`` matches itself in a SCAN pattern."""
    return "".join(f"\\{char}" if char in _GLOB_SPECIALS else char for char in text)


def session_part(session: str | SessionKey) -> str:
    """A session's part of a key name: ``<tenant>:<session id>``, the tenant percent-encoded
    (no ``:`` in it), so that no two (tenant, id) pairs give one name."""
    tenant, session_id = session_key(session)
    return f"{quote(tenant, safe='')}:{session_id}"


@dataclass(frozen=True, slots=True)
class Keys:
    """The Redis key names of one memoryd deployment (one ``redis_prefix``)."""

    prefix: str = "memoryd"

    def __post_init__(self) -> None:
        if not self.prefix or any(char.isspace() for char in self.prefix):
            raise ValueError(f"bad Redis key prefix {self.prefix!r}")

    @classmethod
    def of(cls, settings: Settings) -> Keys:
        """The keys named by ``settings.redis_prefix``."""
        return cls(settings.redis_prefix)

    @property
    def stream(self) -> str:
        """The turn-event stream agent hosts publish to."""
        return f"{self.prefix}:turns"

    @property
    def dead(self) -> str:
        """The dead-letter stream (fields: reason, payload, entry_id, at)."""
        return f"{self.prefix}:dead"

    @property
    def group(self) -> str:
        """The consumer group of the dispatchers on :attr:`stream`."""
        return CONSUMER_GROUP

    @property
    def queue(self) -> str:
        """The arq queue name for memoryd's jobs."""
        return f"{self.prefix}:queue"

    @property
    def queue_health_check(self) -> str:
        """arq's shared health-check key of the queue (written by workers that arq's own
        command started; memoryd's workers beat under :meth:`worker`)."""
        return f"{self.queue}:health-check"

    @property
    def workers(self) -> str:
        """The sorted set of worker heartbeat keys, scored by their last beat (epoch ms)."""
        return f"{self.prefix}:workers"

    def worker(self, name: str) -> str:
        """One worker's heartbeat key (arq's health-check line, with a time-to-live)."""
        return f"{self.workers}:{name}"

    def scheduled_job(self, name: str) -> str:
        """The arq name (and cron job id stem) of scheduled job ``name``."""
        return f"{self.prefix}:{name}"

    @property
    def llm_breaker(self) -> str:
        """The model provider's circuit breaker (a hash), shared by every worker."""
        return f"{self.prefix}:llm:breaker"

    @property
    def embeddings_breaker(self) -> str:
        """The embedding provider's circuit breaker (a hash, the same kind as the model
        provider's), shared by every process that embeds."""
        return f"{self.prefix}:embeddings:breaker"

    @property
    def keys_epoch(self) -> str:
        """A counter bumped by every key revocation (``memoryd serve`` forgets its cache)."""
        return f"{self.prefix}:keys:epoch"

    def rate(self, key_id: str, window: int) -> str:
        """The request count of one API key in one rate-limit window."""
        return f"{self.prefix}:rate:{key_id}:{window}"

    def gen(self, session: str | SessionKey) -> str:
        """The generation counter of a session, bumped by every accepted event."""
        return f"{self.prefix}:gen:{session_part(session)}"

    def lock(self, session: str | SessionKey) -> str:
        """The lock held while a session is being extracted."""
        return f"{self.prefix}:lock:{session_part(session)}"

    @property
    def embed_job_id(self) -> str:
        """The arq job id of the embedding of pending memories (one queued at a time)."""
        return f"{self.prefix}:embed"

    def extract_job_id(self, session: str | SessionKey) -> str:
        """The arq job id of a session's extraction job (one per session at a time)."""
        return f"{self.prefix}:extract:{session_part(session)}"

    def delivery(self, tenant: str, event_id: str) -> str:
        """The record of an event accepted over HTTP, found by its tenant and event id (the
        tenant's length first, so no tenant and event id can pass for another pair)."""
        return f"{self.prefix}:delivery:{len(tenant)}:{tenant}:{event_id}"

    def dead_entry(self, entry_id: str) -> str:
        """Why the stream entry ``entry_id`` was dead-lettered (found by its entry id)."""
        return f"{self.prefix}:dead-entry:{entry_id}"

    def scratch(self, digest: str) -> str:
        """A session's working memory (a hash), found by the digest of its scope and session
        id (:mod:`daemon.tools.scratch`)."""
        return f"{self.prefix}:scratch:{digest}"

    def cron_lock(self, name: str) -> str:
        """The lock that makes a scheduled job run once per period across workers."""
        return f"{self.prefix}:cron:{name}"

    def all_patterns(self) -> list[str]:
        """SCAN patterns matching every key of this prefix, arq's keys for our jobs included."""
        escaped = glob_escape(self.prefix)
        return [f"{arq}{escaped}:*" for arq in ARQ_JOB_KEY_PREFIXES] + [f"{escaped}:*"]
