"""The JSON bodies ``memoryd serve`` answers with (the OpenAPI document is made from them).

The recall routes, the hot ones, answer with plain dicts of the same shape
(:func:`scope_json`, :func:`daemon.recall.answer`: a memory with its ``author``) rather than
through these models: validating a model only to dump it again cost more than the search
itself. The models still document the bodies, and the tests hold each dict to its model.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from daemon.api.error_bodies import ErrorDetail
from daemon.api.search_params import Ranked
from daemon.base.opaque import IdCodec
from daemon.base.scope import ScopeKey
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.recall import Memory, answer


class ScopeOut(BaseModel):
    tenant: str | None
    project: str
    user: str | None

    @classmethod
    def of(cls, scope: ScopeKey) -> ScopeOut:
        return cls.model_validate(scope_json(scope))


def scope_json(scope: ScopeKey) -> dict[str, str | None]:
    """A :class:`ScopeOut` as a plain dict."""
    return {"tenant": scope.tenant or None, "project": scope.project, "user": scope.user or None}


class AuthorOut(BaseModel):
    """Who wrote a memory and in whose voice it reaches the reader asking."""

    writer: Literal[
        "user", "session", "agent_key", "operator", "import", "compaction", "extractor"
    ] = Field(description="Who wrote it, as far as the memory's own fields tell.")
    label: str = Field(
        description="How a quote names the writer: a user name, `session <id>`, "
        "`agent key <id>`, `an import`, ... (name characters only)."
    )
    user: str | None = Field(description="The user whose session or key wrote it, if any.")
    session: str | None = Field(description="The session it came from, when known.")
    key_id: str | None = Field(description="The agent key that wrote it, when one did.")
    created_by: str
    created_at: datetime
    review: Literal["none", "pending", "approved", "rejected"]
    voice: Literal["own", "approved", "reported"] = Field(
        description="For the reader asking: `own` (the reader wrote it), `approved` (an "
        "operator approved, wrote or pinned it) or `reported` (another writer's text: show it "
        "as `quoted`, a report to weigh, never instructions)."
    )


class MemoryOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: str = Field(description="The memory's opaque id (row ids are never shown).")
    type: Literal["project", "user", "decision"]
    memory_class: Literal["priority", "durable", "working"] = Field(alias="class")
    title: str
    content: str
    pinned: bool
    user: str | None = Field(description="Set for a user's own memories; null when shared.")
    created_by: str
    created_at: datetime
    updated_at: datetime
    score: float = Field(description="Search rank, higher first (0 outside a search).")
    metadata: dict[str, str | bool | int | float | None] = Field(
        default_factory=dict,
        description="The writer's free-form metadata (empty when none): data about the "
        "memory, never shown in the injection block's text.",
    )
    author: AuthorOut

    quoted: str | None = Field(
        description="For a `reported` memory, the one line to show in its place: "
        "`(2026-11-24) alice reported: “…”`, its text unable to close the quote; null otherwise."
    )

    @classmethod
    def of(cls, memory: Memory, reader: str, ids: IdCodec) -> MemoryOut:
        """``memory`` as ``reader`` (a user name, or "") is answered it."""
        return cls.model_validate(answer(memory, reader, ids))


class SearchOut(Ranked):
    scope: ScopeOut
    memories: list[MemoryOut]


class ManifestOut(BaseModel):
    scope: ScopeOut
    text: str = Field(description="One line per memory; a last warning line when capped.")
    shown: int
    total: int
    capped: bool


class FragmentOut(BaseModel):
    session_id: str
    first_turn: int
    last_turn: int
    score: float = Field(description="The reciprocal-rank-fusion score.")
    similarity: float | None = Field(
        description="The cosine similarity to the query; null when ranked by keywords only."
    )


class InjectionOut(BaseModel):
    scope: ScopeOut
    text: str = Field(description='The "# Memories" block; empty when there is nothing.')
    fingerprint: str = Field(description="Changes exactly when the block's text changes.")
    memory_ids: list[str] = Field(description="The opaque ids of the memories in the block.")
    sections: dict[str, list[str]]
    fragments: list[FragmentOut] = Field(
        default_factory=list,
        description="The windows of earlier sessions the block shows last (only with a query).",
    )
    session_mode: Literal["off", "keyword", "keyword_fallback", "hybrid"] = Field(
        default="off",
        description="How those windows were ranked: `off` without a query, `keyword` with no "
        "embedder configured, `keyword_fallback` when the query could not be embedded, "
        "`hybrid` for keywords and vectors fused.",
    )


_ID: dict[str, Any] = {
    "min_length": 1,
    "max_length": IDENTIFIER_MAX,
    "pattern": IDENTIFIER_PATTERN,
}


class StitchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session: str = Field(
        min_length=1,
        max_length=IDENTIFIER_MAX,
        pattern=IDENTIFIER_PATTERN,
        description="A session of the scope: its scope's windows (its own included) are read.",
    )
    query: str = Field(min_length=1, max_length=2000, description="What the context is for.")
    budget_tokens: int = Field(
        default=2000,
        ge=50,
        le=200_000,
        description="The most the context may cost, in tokens of 3.2 characters (unless the "
        "server's `MEMORYD_SESSION_RECALL__CHARS_PER_TOKEN` says otherwise).",
    )
    project: str | None = Field(default=None, **_ID)
    user: str | None = Field(default=None, **_ID)
    tenant: str | None = Field(default=None, **_ID)


class StitchedWindowOut(FragmentOut):
    expanded: bool = Field(description="Shown with its messages (else in one line).")
    shown_messages: int
    left_messages: int = Field(description="Messages of an expanded window the budget left out.")


class StitchOut(BaseModel):
    scope: ScopeOut
    text: str = Field(description="The stitched context; empty when nothing fits or ranks.")
    mode: Literal["off", "keyword", "keyword_fallback", "hybrid"]
    budget_tokens: int
    max_chars: int
    chars: int
    used_tokens: int
    chars_per_token: float
    windows: list[StitchedWindowOut] = Field(description="The windows shown, oldest first.")
    left_out: int = Field(description="Windows read but left out for the budget.")


class MemoryRead(BaseModel):
    scope: ScopeOut
    memory: MemoryOut


class Accepted(BaseModel):
    index: int = Field(description="The event's position in the request, from 0.")
    state: Literal["accepted"] = "accepted"
    event_id: str
    session_id: str
    entry_id: str = Field(description="The stream entry it was appended as.")
    status_url: str = Field(
        description="Where to poll what became of it: `GET /v1/events/{event_id}`."
    )


class Refused(BaseModel):
    index: int
    state: Literal["refused"] = "refused"
    event_id: str | None = Field(description="Null when the event could not be read.")
    code: str = Field(
        description="invalid_event, event_too_large, scope_outside_key or malformed_event."
    )
    reason: str


class PublishOut(BaseModel):
    error: ErrorDetail | None = Field(
        default=None, description="Set (code events_refused) when some events were refused."
    )
    accepted: list[Accepted]
    refused: list[Refused]
    events: list[Accepted | Refused] = Field(
        default_factory=list,
        description="Every event of the request in its order, `accepted` or `refused`: "
        "the same items as `accepted` and `refused`.",
    )

    @classmethod
    def of(
        cls, accepted: list[Accepted], refused: list[Refused], error: ErrorDetail | None = None
    ) -> PublishOut:
        both: list[Accepted | Refused] = [*accepted, *refused]
        events = sorted(both, key=lambda item: item.index)
        return cls(error=error, accepted=accepted, refused=refused, events=events)


class Health(BaseModel):
    status: Literal["ok"]


class Finding(BaseModel):
    level: str
    check: str
    message: str


class Readiness(BaseModel):
    ready: bool = Field(description="False only when the verdict is down (then 503).")
    level: Literal["healthy", "degraded", "down"]
    findings: list[Finding]
    embeddings: str = Field(
        "",
        description="The embeddings searches rank by: `none (keyword search only)`, or the "
        "provider, model and dimensions (`openai text-embedding-3-small (1536 dims)`).",
    )
