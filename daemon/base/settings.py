"""memoryd's settings: environment variables ``MEMORYD_*`` (nested with ``__``) and ``.env``.

Built once at the edge (the CLI, a worker's start-up) with :func:`load_settings` and passed
down; nothing reads the environment at import time.
"""

from __future__ import annotations

import ipaddress
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal
from urllib.parse import urlsplit

import platformdirs
from pydantic import AliasChoices, BaseModel, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from daemon.base.errors import ConfigError

if TYPE_CHECKING:
    from daemon.base.sealing import DataKeys, Sealer

PositiveInt = Annotated[int, Field(gt=0)]
PositiveFloat = Annotated[float, Field(gt=0)]
NonNegativeFloat = Annotated[float, Field(ge=0)]
NonNegativeInt = Annotated[int, Field(ge=0)]

_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "sqlite+aiosqlite": "sqlite+aiosqlite",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "postgresql+asyncpg": "postgresql+asyncpg",
}


def data_dir() -> Path:
    """The user's data directory for memoryd (the default home of the SQLite store)."""
    return Path(platformdirs.user_data_dir("memoryd", appauthor=False))


def _default_database_url() -> str:
    return f"sqlite+aiosqlite:///{data_dir() / 'memoryd.db'}"


def normalize_database_url(value: str) -> str:
    """Map ``postgresql://`` and ``sqlite://`` to their async drivers; refuse others."""
    scheme, sep, rest = value.partition("://")
    if not sep:
        raise ValueError("expected a URL such as postgresql://user@host/db or sqlite:///path")
    driver = _DRIVERS.get(scheme.lower())
    if driver is None:
        known = ", ".join(sorted({"sqlite", "postgresql"}))
        raise ValueError(f"unknown database driver {scheme!r} (known: {known})")
    return f"{driver}://{rest}"


def _openai_api_key() -> SecretStr | None:
    """``OPENAI_API_KEY``, the fallback of ``MEMORYD_LLM__API_KEY`` (read at build time)."""
    value = os.environ.get("OPENAI_API_KEY")
    return SecretStr(value) if value else None


class LogSettings(BaseModel):
    level: Literal["debug", "info", "warning", "error"] = "info"
    format: Literal["auto", "json", "console"] = "auto"


class StreamSettings(BaseModel):
    """Where turn events arrive and how the dispatcher reads them."""

    batch_size: PositiveInt = 500
    block_ms: PositiveInt = 1000
    claim_idle_s: PositiveFloat = 60.0
    claim_interval_s: PositiveFloat = 15.0
    max_deliveries: PositiveInt = 5
    consumer: str | None = None
    dead_letter_maxlen: PositiveInt = 100_000
    #: A dead letter keeps at most this many bytes of its payload (with the whole one's size
    #: and SHA-256); a cut letter cannot be replayed.
    dead_letter_max_payload_bytes: PositiveInt = 65_536
    max_event_bytes: PositiveInt = 1_048_576
    #: How long what became of an event stays answerable by ``GET /v1/events/{id}`` before
    #: its turn is stored (the accepted record), and after it was dead-lettered (its reason).
    delivery_ttl_s: PositiveInt = 7 * 86_400
    #: Delete an entry from the stream as soon as its turn is stored (or dead-lettered), so
    #: that Redis holds only what is waiting and no raw event, secrets and all, stays in it.
    #: Turn off only when another consumer group of your own reads the same stream.
    delete_stored: bool = True
    #: How far ahead of a session's last stored turn an event's turn number may be (a new
    #: session counts from 0). Further ahead, the event is dead-lettered: one absurd turn
    #: number would otherwise carry extraction past every turn still to come.
    max_turn_jump: PositiveInt = 10_000


class TruncationSettings(BaseModel):
    """Spilling of oversized tool outputs to files."""

    dir: Path = Field(default_factory=lambda: data_dir() / "truncations")
    max_lines: PositiveInt = 2000
    max_bytes: PositiveInt = 50_000
    keep_days: PositiveFloat = 7.0
    preview_lines: Annotated[int, Field(ge=0)] = 20


class WorkerSettings(BaseModel):
    """The arq worker."""

    max_jobs: PositiveInt = 10
    poll_delay_s: PositiveFloat = 0.05
    health_check_interval_s: PositiveFloat = 30.0
    job_timeout_s: PositiveFloat = 300.0
    max_tries: PositiveInt = 5
    retry_backoff_s: PositiveFloat = 2.0
    retry_backoff_max_s: PositiveFloat = 300.0
    job_completion_wait_s: NonNegativeFloat = 30.0
    sweep_interval_s: PositiveInt = 30


def _renamed(default: Any, name: str) -> Any:
    """A field once called without its first word (``breaker_failures`` was the session's
    breaker in one place and the provider's in another): the old name still works."""
    return Field(default, validation_alias=AliasChoices(name, name.split("_", 1)[1]))


class ExtractionSettings(BaseModel):
    """How sessions are extracted."""

    extractor: Literal["auto", "rules", "llm"] = "auto"
    debounce_s: NonNegativeFloat = 2.0
    max_messages: PositiveInt = 200
    gap_timeout_s: PositiveFloat = 120.0
    session_breaker_failures: PositiveInt = _renamed(3, "session_breaker_failures")
    session_breaker_cooldown_s: PositiveFloat = _renamed(300.0, "session_breaker_cooldown_s")
    park_after_failures: PositiveInt = 6
    max_model_calls: PositiveInt = 5
    max_title_chars: PositiveInt = 120
    max_content_chars: PositiveInt = 2000
    #: A shared memory written from turns that talk about credentials (a credential word, a
    #: redaction mark) waits for an operator's review, whatever its own text says: what the
    #: secret rules miss in a model's memory then reaches no other user. Off: such memories
    #: are shared at once, as any fact (fewer held for review, see docs/extraction.md).
    hold_credential_talk: bool = True


Hour = Annotated[int, Field(ge=0, le=23)]
Minute = Annotated[int, Field(ge=0, le=59)]


class CronSchedule(BaseModel):
    """When a scheduled job fires (arq cron): every listed minute of every listed hour."""

    enabled: bool = True
    hour: set[Hour] | None = None  # None: every hour
    minute: set[Minute] = Field(default_factory=lambda: {0}, min_length=1)
    run_at_startup: bool = False


class MaintenanceSettings(BaseModel):
    """Scheduled maintenance (docs/maintenance.md): when each job runs and what it keeps."""

    consolidate: CronSchedule = CronSchedule(minute={7})
    cleanup_truncations: CronSchedule = CronSchedule(minute={37})
    retention: CronSchedule = CronSchedule(hour={3}, minute={27})
    #: Every live memory's integrity tag checked (``memoryd verify-integrity``); what it
    #: finds is what ``memoryd status`` reports.
    verify_integrity: CronSchedule = CronSchedule(minute={47})
    tombstone_days: PositiveFloat = 30.0
    #: How long a superseded version of a memory is kept after it stopped being true
    #: (``as_of`` and the timeline read them); a tombstone purged within this window is
    #: kept as a version first.
    version_days: PositiveFloat = 90.0
    working_idle_days: PositiveFloat = 14.0
    compaction_summaries_kept: PositiveInt = 10
    compaction_summary_days: PositiveFloat = 14.0
    max_memories_per_scope: PositiveInt | None = None
    message_retention_days: PositiveFloat = 30.0
    #: ``window``: a stored turn is kept until its session's cursor passed it *and* it is
    #: older than ``message_retention_days`` (session recall, rolling summaries and the
    #: fork's replay read it meanwhile). ``until_extracted``: a turn, its messages and its
    #: spilled output are deleted when the cursor passes them, and no session window or
    #: rolling summary is kept; what the secret rules miss in a transcript stays no longer
    #: than the run that reads it (docs/maintenance.md, "Transcripts kept until extracted").
    keep_transcripts: Literal["window", "until_extracted"] = "window"
    run_retention_days: PositiveFloat = 90.0
    consumer_retention_days: PositiveFloat = 1.0
    batch_size: PositiveInt = 50_000

    @property
    def forgets_extracted(self) -> bool:
        """Whether a turn lives only until extracted (``keep_transcripts``)."""
        return self.keep_transcripts == "until_extracted"

    def schedules(self) -> dict[str, CronSchedule]:
        """Every scheduled job by name, with its schedule: the one list of them (each
        ``CronSchedule`` field here; ``daemon.maintenance.scheduled`` runs them)."""
        return {name: value for name, value in self if isinstance(value, CronSchedule)}


class LLMSettings(BaseModel):
    """Any OpenAI-compatible endpoint. No provider is assumed.

    ``api_key`` falls back to ``OPENAI_API_KEY`` (read when the settings are built).
    ``context_mode``: ``fork`` replays the host's own prompt prefix (system prompt, tool
    schemas, the session from its start) so the provider's prompt cache is shared; ``delta``
    sends the new turns with ``context_turns`` earlier ones; ``auto`` forks when the host sent
    its prefix and the session fits ``max_prompt_tokens``. ``structured_output``: the best
    way a fork's answer is asked for (``json_schema``, ``json_object``, ``none``); the
    endpoint's refusals step down from it, once per process. ``json_object`` by default: some
    providers cache a JSON schema ahead of the messages, where it would break the host's
    cached prefix that fork mode exists to share.
    """

    base_url: str | None = None
    api_key: SecretStr | None = Field(default_factory=_openai_api_key)
    model: str | None = None
    timeout_s: PositiveFloat = 60.0
    connect_timeout_s: PositiveFloat = 10.0
    max_concurrency: PositiveInt = 8
    context_mode: Literal["auto", "delta", "fork"] = "auto"
    context_turns: NonNegativeInt = 2
    context_tokens: PositiveInt = 12_000
    max_prompt_tokens: PositiveInt = 100_000
    fork_max_turns: PositiveInt = 500
    structured_output: Literal["json_schema", "json_object", "none"] = "json_object"
    provider_breaker_failures: PositiveInt = _renamed(5, "provider_breaker_failures")
    provider_breaker_cooldown_s: PositiveFloat = _renamed(30.0, "provider_breaker_cooldown_s")

    @property
    def configured(self) -> bool:
        return bool(self.model and (self.base_url or self.api_key))


class EmbeddingSettings(BaseModel):
    """How texts become vectors for recall by meaning (docs/recall.md, "Embeddings
    settings").

    ``provider``: ``openai`` (any OpenAI-compatible ``/v1/embeddings``), ``local`` (a model
    installed with the ``local`` extra, no network at run time) or ``none`` (keyword search
    only). Unset, it is ``openai`` when ``model`` is set and ``none`` otherwise: embeddings
    are never turned on by the LLM's settings alone, since many chat endpoints serve no
    embeddings. ``base_url`` and ``api_key`` fall back to ``MEMORYD_LLM__*``'s.
    ``dimensions`` is sent to the endpoint when set (models that can shorten their vectors
    honour it) and checked against every answer; unset, it is the model's known size.
    """

    provider: Literal["openai", "local", "none"] | None = None
    base_url: str | None = None
    api_key: SecretStr | None = None
    model: str | None = None
    dimensions: PositiveInt | None = None
    #: Texts sent in one request (a worker embedding many memories splits them).
    batch_size: PositiveInt = 64
    timeout_s: PositiveFloat = 30.0
    connect_timeout_s: PositiveFloat = 10.0
    #: Recent query vectors kept per process, so that a repeated search embeds nothing
    #: (0: none kept).
    query_cache_size: NonNegativeInt = 1024
    #: Semantic dedup on every write path: a new memory whose cosine similarity to a memory of its
    #: scope and type reaches this is a near-duplicate of it (the write updates that memory, or does
    #: nothing when it adds nothing: docs/recall.md, "Semantic dedup"). 0.80 is chosen by ``./dev
    #: bench recall-quality``'s labelled pairs with the local model (all-MiniLM-L6-v2): the lowest
    #: threshold that merged no distinct fact on the tuning half of the pairs; on the held-out half
    #: precision 0.957, recall 0.846; on all 112 pairs precision 0.980, recall 0.893
    #: (tests/bench/recall_quality/TUNING.md). Similarities depend on the model: another model needs
    #: its own measurement.
    dedup_threshold: float = Field(default=0.80, gt=0.0, le=1.0)
    provider_breaker_failures: PositiveInt = 5
    provider_breaker_cooldown_s: PositiveFloat = 30.0


class SessionRecallSettings(BaseModel):
    """Fragments of earlier sessions in the injection block, and stitching (docs/recall.md,
    "Session recall and stitching"): at most ``max_fragments`` windows of the scope's
    earlier sessions relevant to the host's query, each capped at ``fragment_chars``; with
    embeddings configured, a window ranks only when its cosine similarity to the query is at
    least ``similarity_cutoff`` (keyword-only ranking applies no cutoff). ``share_users``:
    a project's users also see each other's sessions (as quoted reports); by default a user
    sees their own sessions and the project's sessions that name no user."""

    enabled: bool = True
    max_fragments: NonNegativeInt = 3
    similarity_cutoff: float = Field(default=0.75, ge=-1.0, le=1.0)
    fragment_chars: PositiveInt = 400
    #: The most recent windows of a scope that one ranking reads.
    candidates: PositiveInt = 200
    #: Windows each serving process keeps opened, with their words counted, while their
    #: rows are unchanged (0: none; a few kilobytes each, about 12 more with a vector).
    kept_windows: NonNegativeInt = 4_096
    #: Turns in a window that no compaction closed.
    window_turns: PositiveInt = 8
    share_users: bool = False
    keyword_weight: float = Field(default=1.0, ge=0.0)
    vector_weight: float = Field(default=1.0, ge=0.0)
    #: Stitching: windows read besides the relevant ones (collapsed to one line each).
    stitch_windows: PositiveInt = 12
    #: Stitching: characters per token of the caller's budget.
    chars_per_token: PositiveFloat = 3.2


class HostSettings(BaseModel):
    """The host kit's context pipeline (``daemon/host/``, docs/host.md): the budget derived
    from a model's window, and each stage's thresholds. Tokens are estimated at
    ``chars_per_token`` characters each unless the host plugs in a tokenizer."""

    #: Tokens of the window kept for the model's answer.
    reserved_output_tokens: NonNegativeInt = 16_000
    #: Tokens left (after the reserve) under which the host is warned.
    warning_tokens: NonNegativeInt = 24_000
    #: Tokens left under which the pipeline compacts.
    compact_tokens: NonNegativeInt = 12_000
    #: Tokens left under which the pipeline trims the oldest turn before any model call.
    blocking_tokens: NonNegativeInt = 3_000
    chars_per_token: PositiveFloat = 3.2
    #: Output truncation: a tool result is cut at this many lines or bytes, whichever first.
    truncate_lines: PositiveInt = 2000
    truncate_bytes: PositiveInt = 50_000
    #: Pruning: the last user turns protected, and this much recent tool output.
    protected_user_turns: NonNegativeInt = 2
    protected_tool_tokens: NonNegativeInt = 40_000
    #: Pruning runs only when it saves at least this many tokens.
    prune_min_saving_tokens: NonNegativeInt = 20_000
    #: Compaction keeps this many last turns verbatim.
    keep_turns: NonNegativeInt = 3
    #: LLM compaction stops after this many consecutive failures (until pressure falls).
    breaker_failures: PositiveInt = 3
    #: A session summary is fresh enough when it is at most this old and leaves at most
    #: ``summary_max_uncovered_turns`` turns (before the kept ones) it does not cover.
    summary_max_age_seconds: PositiveFloat = 600.0
    summary_max_uncovered_turns: NonNegativeInt = 4
    #: Share of the window at which tool parameter descriptions are stripped (0 never).
    strip_descriptions_at: float = Field(default=0.6, ge=0.0, le=1.0)
    #: Share of the window at which tools are withheld to force an answer (0 never).
    withhold_tools_at: float = Field(default=0.9, ge=0.0, le=1.0)


class RecallSettings(BaseModel):
    """How searches rank (docs/recall.md, "Search modes").

    ``mode``: what a search runs when its caller asks for none: ``auto`` ranks by keywords
    and meaning fused (``hybrid``) when embeddings are configured and the scope holds
    vectors of the current model, by keywords otherwise; ``keyword``, ``vector`` and
    ``hybrid`` run that ranking. ``keyword_weight`` and ``vector_weight`` weigh each ranking
    in the reciprocal rank fusion (the keyword ranking's weight is further scaled by how
    much of the query its best match covers, to the power ``coverage_power``, 0 for a fixed
    weight: :func:`daemon.recall.fusion.fuse`), ``rrf_k`` flattens the gap between its
    first ranks, and ``candidates`` is how deep each ranking is read and fused (at least
    the search's limit). The defaults (coverage to the power 4, k 10, 20 candidates) are
    what ``./dev bench recall-quality`` chose (tests/bench/recall_quality/TUNING.md).
    """

    mode: Literal["auto", "keyword", "vector", "hybrid"] = "auto"
    keyword_weight: NonNegativeFloat = 1.0
    vector_weight: NonNegativeFloat = 1.0
    coverage_power: NonNegativeFloat = 4.0
    rrf_k: NonNegativeInt = 10
    candidates: PositiveInt = 20


class HealthSettings(BaseModel):
    """Thresholds of ``memoryd status``: past a ``*_degraded`` value it exits 1, past a
    ``*_down`` value (or with Redis or the store unreachable) it exits 2."""

    redis_latency_degraded_ms: PositiveFloat = 100.0
    lag_degraded: PositiveInt = 10_000
    lag_down: PositiveInt = 1_000_000
    lag_age_degraded_s: PositiveFloat = 120.0
    lag_age_down_s: PositiveFloat = 1800.0
    pending_idle_degraded_s: PositiveFloat = 300.0
    dead_letters_degraded: PositiveInt = 1
    dead_letters_down_ratio: Annotated[float, Field(gt=0, le=1)] = 0.9
    worker_required: bool = True
    worker_stale_s: PositiveFloat = 120.0
    backlog_age_degraded_s: PositiveFloat = 900.0
    backlog_age_down_s: PositiveFloat = 7200.0
    failed_runs_degraded: PositiveInt = 1
    open_breakers_degraded: PositiveInt = 1
    scheduled_job_late_factor: PositiveFloat = 3.0


class MetricsSettings(BaseModel):
    """The Prometheus endpoint of ``memoryd dispatch``, ``worker`` and ``run``."""

    enabled: bool = False
    host: str = "0.0.0.0"  # noqa: S104 - scraped from other machines
    port: Annotated[int, Field(ge=0, le=65535)] = 9464
    scrape_timeout_s: PositiveFloat = 5.0
    #: Today's usage is exported per tenant for this many tenants (those that spent the
    #: most tokens); the others are summed under ``tenant="(other)"``: a bounded label set.
    usage_tenants: Annotated[int, Field(ge=0, le=1000)] = 20


#: A web origin: ``http`` or ``https``, a host, an optional port, nothing after.
_ORIGIN = re.compile(
    r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?|https?://\[[0-9A-Fa-f:.]+\](?::[0-9]{1,5})?"
)


class ApiSettings(BaseModel):
    """``memoryd serve``: the HTTP front door (docs/api.md)."""

    host: str = "127.0.0.1"
    port: Annotated[int, Field(ge=0, le=65535)] = 8080
    #: Processes serving the port (``memoryd serve --workers``); the API is stateless, so
    #: each answers any request. Each holds its own store pool (``database_pool_size``).
    workers: Annotated[int, Field(ge=1, le=64)] = 1
    #: Requests one key may make per ``rate_window_s`` (429 with Retry-After past it).
    rate_limit: PositiveInt = 6000
    rate_window_s: PositiveInt = 60
    #: The largest request body taken (413 past it); one event is also held to
    #: ``MEMORYD_STREAM__MAX_EVENT_BYTES``.
    max_request_bytes: PositiveInt = 8_388_608
    #: The most events one publish request may carry (413 ``too_many_events`` past it).
    max_events_per_request: PositiveInt = 1_000
    #: The most memories one ``POST /v1/memory-batches`` may carry (413 past it).
    max_memories_per_batch: PositiveInt = 100
    #: How long one request may take before it is answered 504.
    request_timeout_s: PositiveFloat = 30.0
    #: How long a resolved key is trusted without reading the store again; a revocation
    #: reaches every serve process at once through Redis, this bounds it when Redis is away.
    key_cache_s: NonNegativeFloat = 60.0
    #: Unknown or revoked keys one client address may present per ``rate_window_s``: each
    #: costs a store lookup, so past them the address is answered 429 before any lookup
    #: (keys already resolved go on working).
    key_failures_per_client: PositiveInt = 60
    #: The longest request line and header taken (431 past it, the rest never read).
    max_header_bytes: Annotated[int, Field(ge=1024)] = 65_536
    #: How long a client may take to send a request's header (408 and closed past it),
    #: counted from the connection or from the first byte of a kept-alive one's next request.
    header_timeout_s: PositiveFloat = 10.0
    #: How long a client may take to send a request's body once its header came (closed).
    body_timeout_s: PositiveFloat = 60.0
    #: Connections held at once, overall and from one client address (503 and closed past
    #: them). Overall is also held under the process's descriptor limit (``ulimit -n``).
    max_connections: PositiveInt = 1_000
    max_connections_per_client: PositiveInt = 64
    #: Addresses or networks of the proxies in front of serve (an ingress, a load balancer):
    #: only a connection from one of them may name the client in ``X-Forwarded-For``, and
    #: only they may hold more than ``max_connections_per_client``. Empty: no proxy is
    #: trusted and the client is the peer of the connection.
    trusted_proxies: list[str] = []
    #: Web origins (``https://app.example.com``, scheme, host and port only) whose pages may
    #: call the API from a browser (CORS). Empty, the default: no cross-origin answer is
    #: sent, and browsers refuse such calls; servers and command lines are not affected.
    #: ``*`` allows every origin (keys are sent as bearer headers, never cookies).
    cors_origins: list[str] = []

    @field_validator("cors_origins")
    @classmethod
    def _check_origins(cls, value: list[str]) -> list[str]:
        for entry in value:
            if entry != "*" and not _ORIGIN.fullmatch(entry):
                raise ValueError(
                    f"{entry!r} is not a web origin: give scheme, host and optional port, "
                    "such as https://app.example.com or http://localhost:5173"
                )
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _check_proxies(cls, value: list[str]) -> list[str]:
        for entry in value:
            if entry != "*":
                try:
                    ipaddress.ip_network(entry, strict=False)
                except ValueError as exc:
                    raise ValueError(f"{entry!r} is not an address nor a network") from exc
        return value


class ScratchSettings(BaseModel):
    """A session's working memory (``/v1/sessions/{id}/scratch``, docs/api.md): a small
    key-value store per session and scope, in Redis, never extracted unless promoted."""

    #: How long a session's scratch lives after its last write.
    ttl_s: PositiveInt = 86_400
    #: The largest value (its JSON, in bytes) one key may hold (413 past it).
    max_value_bytes: PositiveInt = 16_384
    #: The most bytes of values one session's scratch may hold (413 past it).
    max_session_bytes: PositiveInt = 262_144
    #: The most keys one session's scratch may hold (413 past it).
    max_keys: PositiveInt = 100


class DataSettings(BaseModel):
    """Data at rest (docs/operations.md, "Data at rest"): the data keys that seal transcripts
    and spilled tool outputs and sign memories. Keys are listed ``<id>:<base64 of 32
    bytes>`` (``memoryd keys new-data-key`` makes one), one per line or comma separated, the
    first the primary (it seals; the others only open, until ``memoryd keys rotate-data``
    has resealed what they sealed). ``keys`` and ``key_file`` are exclusive. With neither,
    data is stored in clear, and every process says so when it starts."""

    keys: SecretStr | None = None
    key_file: Path | None = None
    #: Rows resealed per transaction by ``memoryd keys rotate-data``.
    rotate_batch: PositiveInt = 500
    #: With a key, whether a memory still carrying the plain digest it was given without
    #: one is shown. Anyone able to write to the database can compute a plain digest: once
    #: ``memoryd keys rotate-data`` has signed every memory, set this to false.
    accept_plain_digests: bool = True

    def sealer(self) -> Sealer:
        """The sealer of these settings (clear without a key)."""
        from daemon.base.sealing import Sealer

        return Sealer(self.ring(), accept_plain=self.accept_plain_digests)

    def ring(self) -> DataKeys | None:
        """The key ring, or None: no key configured."""
        from daemon.base.sealing import DataKeys

        if self.keys is not None and self.key_file is not None:
            raise ConfigError("MEMORYD_DATA__KEYS and MEMORYD_DATA__KEY_FILE: set one, not both")
        if self.keys is not None:
            return DataKeys.parse(self.keys.get_secret_value(), source="MEMORYD_DATA__KEYS")
        if self.key_file is not None:
            try:
                text = self.key_file.read_text("utf-8")
            except OSError as exc:
                raise ConfigError(
                    f"MEMORYD_DATA__KEY_FILE: cannot read {self.key_file}: {exc.strerror}"
                ) from exc
            return DataKeys.parse(text, source=f"MEMORYD_DATA__KEY_FILE ({self.key_file})")
        return None


class Settings(BaseSettings):
    """Everything memoryd can be told. See ``deploy/memoryd.env.example``."""

    model_config = SettingsConfigDict(
        env_prefix="MEMORYD_",
        env_nested_delimiter="__",
        env_file=".env",
        extra="ignore",
    )

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "memoryd"
    database_url: str = Field(default_factory=_default_database_url)
    database_pool_size: PositiveInt = 10
    log: LogSettings = LogSettings()
    stream: StreamSettings = StreamSettings()
    truncation: TruncationSettings = TruncationSettings()
    worker: WorkerSettings = WorkerSettings()
    extraction: ExtractionSettings = ExtractionSettings()
    llm: LLMSettings = Field(default_factory=LLMSettings)
    embeddings: EmbeddingSettings = EmbeddingSettings()
    session_recall: SessionRecallSettings = SessionRecallSettings()
    host: HostSettings = HostSettings()
    recall: RecallSettings = RecallSettings()
    maintenance: MaintenanceSettings = MaintenanceSettings()
    health: HealthSettings = HealthSettings()
    metrics: MetricsSettings = MetricsSettings()
    api: ApiSettings = ApiSettings()
    scratch: ScratchSettings = ScratchSettings()
    data: DataSettings = DataSettings()

    @field_validator("redis_url")
    @classmethod
    def _check_redis_url(cls, value: str) -> str:
        parts = urlsplit(value)
        if parts.scheme not in {"redis", "rediss", "unix"}:
            raise ValueError("expected redis://host:port/db, rediss:// or unix://")
        if parts.scheme != "unix":
            try:
                parts.port  # noqa: B018 - parsing the port is the check
            except ValueError as exc:
                raise ValueError(f"bad port in {value!r}") from exc
            if not parts.hostname:
                raise ValueError("the URL names no host")
        return value

    @field_validator("redis_prefix")
    @classmethod
    def _check_prefix(cls, value: str) -> str:
        if not value or any(c.isspace() for c in value) or "{" in value:
            raise ValueError("must be a non-empty word without spaces or braces")
        return value

    @field_validator("database_url")
    @classmethod
    def _check_database_url(cls, value: str) -> str:
        return normalize_database_url(value)

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


def _env_name(loc: tuple[Any, ...]) -> str:
    return "MEMORYD_" + "__".join(str(part).upper() for part in loc)


def load_settings(**overrides: Any) -> Settings:
    """Build the settings from the environment; a bad value raises a one-line ConfigError."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        first = exc.errors()[0]
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"{_env_name(first['loc'])}: {message}") from exc


def masked(settings: Settings) -> dict[str, Any]:
    """The effective settings as plain data, secrets masked and passwords hidden in URLs."""
    data = settings.model_dump(mode="json")
    data["redis_url"] = _mask_url(settings.redis_url)
    data["database_url"] = _mask_url(settings.database_url)
    if settings.llm.api_key is not None:
        data["llm"]["api_key"] = "**********"
    if settings.embeddings.api_key is not None:
        data["embeddings"]["api_key"] = "**********"
    if settings.data.keys is not None:
        data["data"]["keys"] = "**********"
    return data


def _mask_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":****@", 1)
    return parts._replace(netloc=netloc).geturl()
