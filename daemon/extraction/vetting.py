"""A proposed operation asked of the gate: the runner's verdict on each op before it commits,
and the preview the LLM extractor's staging tells the model in its tool loop.

The gate decides (:func:`daemon.gate.screening`); this module only turns a :class:`MemoryOp` into
the gate's :class:`Draft` and its answer back into an op or a :class:`Refusal`. A create or an
update that passes carries the gate's :class:`Screened` value, the only content the store's
``save()`` writes.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, MemoryOp, Refusal
from daemon.gate import Draft, Limits, Reason, Refused, Screened, screen
from daemon.gate.screening import preview
from daemon.gate.substance import Prompts, ToolOutputs


def tool_outputs(batch: ExtractionBatch) -> ToolOutputs:
    """The tool messages ``batch`` shows (its context included), for the gate's copy check."""
    turns = (*batch.context, *batch.turns)
    return ToolOutputs(
        m.content for t in turns for m in t.messages if m.role in ("tool", "function") and m.content
    )


def host_prompts(batch: ExtractionBatch) -> Prompts:
    """The prompts the host sent for ``batch``: its session's system prompt and tool
    descriptions, and the system and developer messages of its turns (context included),
    for the gate's copy check."""
    turns = (*batch.context, *batch.turns)
    host = batch.host
    texts: list[str | None] = [host.system_prompt if host is not None else None]
    for schema in (host.tools or []) if host is not None else []:
        function = schema.get("function") if isinstance(schema, dict) else None
        if isinstance(function, dict) and isinstance(function.get("description"), str):
            texts.append(function["description"])
    texts += [m.content for t in turns for m in t.messages if m.role in ("system", "developer")]
    return Prompts(texts)


def vet(
    op: MemoryOp,
    scope: ScopeKey,
    limits: Limits,
    at: datetime | None = None,
    tools: ToolOutputs | None = None,
    prompts: Prompts | None = None,
) -> tuple[MemoryOp, Screened | None] | Refusal:
    """The op cleaned up with the gate's screened value (None for a delete), or why not.
    ``at``: the time of the turn that said it, in its own time zone."""
    turn = op.turns[0] if op.turns else None
    if op.action == "delete":
        if op.memory_id is None:
            return _refusal(op, "delete without a memory id", Reason.NOT_FOUND, turn)
        return op, None
    if op.action not in ("create", "update"):
        return _refusal(op, f"unknown action {op.action!r}", Reason.TAXONOMY, turn)
    if op.action == "update" and op.memory_id is None:
        return _refusal(op, "update without a memory id", Reason.NOT_FOUND, turn)
    # An update rewrites a memory the host may show in its own prompt (the injection
    # block): only a new memory is held against the host's prompts.
    copied_from = prompts if op.action == "create" else None
    draft = Draft(
        op.type, op.memory_class, op.title, op.content, at=at, tools=tools, prompts=copied_from
    )
    checked = screen(draft, scope, limits)
    if isinstance(checked, Refused):
        return Refusal(reason=checked.detail, text=checked.excerpt, turn=turn, kind=checked.reason)
    return replace(op, title=checked.title, content=checked.content), checked


def check_op(
    op: MemoryOp,
    scope: ScopeKey,
    limits: Limits,
    at: datetime | None = None,
    tools: ToolOutputs | None = None,
    prompts: Prompts | None = None,
) -> MemoryOp | Refusal:
    """The gate's verdict on ``op``: the op as it would be stored, or why not."""
    vetted = vet(op, scope, limits, at, tools, prompts)
    return vetted if isinstance(vetted, Refusal) else vetted[0]


def _refusal(op: MemoryOp, reason: str, kind: Reason, turn: int | None) -> Refusal:
    return Refusal(reason=reason, text=preview(op.content or op.title), turn=turn, kind=kind)
