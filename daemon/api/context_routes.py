"""``POST /v1/context/compact``: the host kit's context pipeline for hosts in any language.

A host sends the request it is about to make (OpenAI-format messages, tool schemas, its
system prompt) and the model's window; memoryd answers with the reduced request and what
each stage saved (:class:`daemon.host.pipeline.ContextPipeline`). With a ``session_id`` the
compaction is served from memoryd's rolling summary of that session when it is fresh, read
in the key's scope like every recall route (any role). The server never calls a model: a
request that needs compacting without a fresh summary is trimmed instead (the oldest turn,
once per call) at the blocking level, and the answer says ``"compaction": "none"`` so that
the host may compact with its own model. Every stage runs (truncation, deduplication and
pruning as well): a truncated tool result's notice points to the host's own copy, since
memoryd keeps nothing a host sends here. The answer is a function of the body and the
summary alone: the same request and summary give the same answer.

The session summaries are those memoryd's workers keep in its store
(:class:`StoredSummaries`, read like ``GET /v1/sessions/{id}/summary``), unless
:data:`SUMMARIES` on the application's state holds another :class:`ScopedSummaries`.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from daemon.access.policy import Action, require, scope_for
from daemon.api.bearer import Authorized, context
from daemon.api.error_bodies import described
from daemon.api.event_intake import body_of
from daemon.api.request_context import ApiContext
from daemon.api.routes import Project, Tenant, User
from daemon.base.scope import ScopeKey
from daemon.base.settings import HostSettings
from daemon.events.models import IDENTIFIER_MAX, IDENTIFIER_PATTERN
from daemon.host.budget import Budget, Pressure
from daemon.host.pipeline import ContextPipeline, PipelineResult, Stages
from daemon.host.protected import ProtectedContext
from daemon.host.summaries import Summary, parse
from daemon.host.tokens import estimator
from daemon.tools.delivery import Bounds

router = APIRouter(prefix="/v1", tags=["context"])

#: The attribute of ``app.state`` holding the :class:`ScopedSummaries`, if any.
SUMMARIES = "session_summaries"
#: Where a truncated result's notice says the full output is: memoryd keeps none of what a
#: host sends here (a tool's output may hold anything), and the host has sent it, so it has it.
HOST_COPY = "the copy of this tool result your host kept (memoryd keeps none)"


class _HostKeepsOutputs:
    """The truncation stage's store for this route: keeps nothing, names the host's copy."""

    def save(self, text: str) -> str:
        del text
        return HOST_COPY


_ERRORS = described(400, 401, 403, 413, 422, 429, 503, 504)


class ScopedSummaries(Protocol):
    async def summary(self, scope: ScopeKey, session_id: str) -> Summary | None:
        """The session's summary within ``scope``, or None."""
        ...


class StoredSummaries:
    """The rolling summaries memoryd's workers keep, read in one scope (its project; its
    user's and the shared), with their age on the server's clock."""

    def __init__(self, ctx: ApiContext) -> None:
        self.delivery = ctx.delivery()

    async def summary(self, scope: ScopeKey, session_id: str) -> Summary | None:
        found = await self.delivery.summary(Bounds.of_scope(scope), session_id)
        return None if found is None else parse(found)


class _Bound:
    """A scoped source seen as the pipeline's :class:`~daemon.host.summaries.SummarySource`."""

    def __init__(self, source: ScopedSummaries, scope: ScopeKey) -> None:
        self.source = source
        self.scope = scope

    async def summary(self, session_id: str) -> Summary | None:
        return await self.source.summary(self.scope, session_id)


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class FunctionIn(_Open):
    name: str
    arguments: str = ""


class ToolCallIn(_Open):
    id: str
    type: str = "function"
    function: FunctionIn


class MessageIn(_Open):
    """An OpenAI chat message; other fields (``pinned``, a reasoning block) are kept."""

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[ToolCallIn] | None = None
    tool_call_id: str | None = None
    name: str | None = None
    reasoning_content: str | None = None
    pinned: bool | None = None


class ProtectedIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: str | None = None
    working_directory: str | None = None
    branch: str | None = None
    agent_type: str | None = None
    agent_depth: int | None = Field(default=None, ge=0)


class CompactIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    messages: list[MessageIn] = Field(max_length=10_000)
    tools: list[dict[str, Any]] = Field(default_factory=list, max_length=1_000)
    system: str = Field(default="", description="The system prompt, counted in the budget.")
    window: int = Field(
        ge=1_000,
        le=100_000_000,
        description="The model's context window (tokens). One no larger than the answer's "
        "reserve (`MEMORYD_HOST__RESERVED_OUTPUT_TOKENS`) keeps a quarter of it for the answer.",
    )
    session_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=IDENTIFIER_MAX,
        pattern=IDENTIFIER_PATTERN,
        description="Serve the compaction from this session's summary when it is fresh.",
    )
    current_turn: int | None = Field(
        default=None,
        ge=0,
        le=2**31 - 1,
        description="The turn number of the last user message (as the host's turn events "
        "number it); by default the user messages are counted.",
    )
    keep_turns: int | None = Field(default=None, ge=0, le=1_000)
    pinned: list[int] = Field(default_factory=list, max_length=10_000)
    protected: ProtectedIn | None = None


class StageOut(BaseModel):
    stage: str
    tokens_before: int
    tokens_after: int
    saved: int
    changed: int
    notes: list[str]


class CompactOut(BaseModel):
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    stages: list[StageOut]
    compaction: Literal["summary", "trimmed", "none"] = Field(
        description="`summary`: old turns replaced by the session's summary; `trimmed`: the "
        "oldest turn dropped; `none`: neither."
    )
    tokens_before: int
    tokens_after: int
    pressure_before: Literal["ok", "warning", "compact", "blocking"]
    pressure_after: Literal["ok", "warning", "compact", "blocking"]
    summary_through_turn: int | None = Field(
        description="The last turn the summary replaced (send memoryd a `compaction` event)."
    )


def _answer(result: PipelineResult) -> CompactOut:
    compaction: Literal["summary", "trimmed", "none"] = "none"
    if result.compaction == "summary":
        compaction = "summary"
    elif result.compaction == "trimmed":
        compaction = "trimmed"
    return CompactOut(
        messages=result.messages,
        tools=result.tools,
        stages=[
            StageOut(
                stage=report.stage,
                tokens_before=report.tokens_before,
                tokens_after=report.tokens_after,
                saved=report.saved,
                changed=report.changed,
                notes=list(report.notes),
            )
            for report in result.reports
            if report.changed or report.saved or report.notes  # not a stage that did nothing
        ],
        compaction=compaction,
        tokens_before=result.tokens_before,
        tokens_after=result.tokens_after,
        pressure_before=_pressure(result.pressure_before),
        pressure_after=_pressure(result.pressure_after),
        summary_through_turn=(
            result.compaction_event.through_turn if result.compaction_event else None
        ),
    )


def budget_of(window: int, settings: HostSettings) -> Budget:
    """The budget of ``window``; a window no larger than the reserve for the answer keeps a
    quarter of itself for it instead (a small model still gets an answer)."""
    if window > settings.reserved_output_tokens:
        return Budget.of(window, settings)
    return Budget(
        window=window,
        reserved_output=window // 4,
        warning=settings.warning_tokens,
        compact=settings.compact_tokens,
        blocking=settings.blocking_tokens,
    )


def _pressure(pressure: Pressure) -> Literal["ok", "warning", "compact", "blocking"]:
    names: dict[Pressure, Literal["ok", "warning", "compact", "blocking"]] = {
        Pressure.OK: "ok",
        Pressure.WARNING: "warning",
        Pressure.COMPACT: "compact",
        Pressure.BLOCKING: "blocking",
    }
    return names[pressure]


def _body_schema() -> dict[str, Any]:
    """The request body in the OpenAPI document (the route reads its body itself)."""
    schema = CompactIn.model_json_schema()
    definitions = schema.pop("$defs", {})

    def inline(node: Any) -> Any:  # the models hold no cycle: each reference is replaced
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(definitions[node["$ref"].rpartition("/")[2]])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(value) for value in node]
        return node

    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": inline(schema)}},
        }
    }


@router.post(
    "/context/compact",
    response_model=CompactOut,
    summary="Reduce a model request to its budget",
    description=(
        "The host kit's pipeline on an OpenAI-format request: compaction served from the "
        "session's summary when fresh, the oldest turn trimmed at the blocking level; what "
        "each stage saved. No model is called. Any role."
    ),
    responses=_ERRORS,
    openapi_extra=_body_schema(),
)
async def compact_context(
    request: Request,
    grant: Authorized,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
) -> CompactOut:
    require(grant, Action.RECALL)
    scope = scope_for(grant, project=project, user=user, tenant=tenant)
    body = await body_of(request, CompactIn)
    settings = context(request).settings.host
    scoped: ScopedSummaries = getattr(request.app.state, SUMMARIES, None) or StoredSummaries(
        context(request)
    )
    budget = budget_of(body.window, settings)
    count = estimator(settings.chars_per_token)
    pipeline = ContextPipeline(
        settings=settings,
        stages=Stages.standard(_HostKeepsOutputs(), settings, budget=budget, count=count),
        summaries=_Bound(scoped, scope),
        protected=ProtectedContext(**(body.protected.model_dump() if body.protected else {})),
        count=count,
    )
    result = await pipeline.run(
        [message.model_dump(exclude_unset=True) for message in body.messages],
        window=budget,
        tools=body.tools,
        system=body.system,
        session_id=body.session_id,
        current_turn=body.current_turn,
        pinned=body.pinned,
        keep_turns=body.keep_turns,
    )
    return _answer(result)
