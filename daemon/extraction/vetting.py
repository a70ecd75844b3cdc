"""A proposed operation asked of the gate: the runner's verdict on each op before it commits,
and the preview the LLM extractor's staging tells the model in its tool loop.

The gate decides (:func:`daemon.gate.screening`); this module only turns a :class:`MemoryOp` into
the gate's :class:`Draft` and its answer back into an op or a :class:`Refusal`. A create or an
update that passes carries the gate's :class:`Screened` value, the only content the store's
``save()`` writes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from daemon.base.credential_talk import room_for_value
from daemon.base.raw_material import REDACTED
from daemon.base.scope import ScopeKey
from daemon.base.turns import StoredMessage, TurnRecord
from daemon.extraction.base import ExtractionBatch, MemoryOp, Refusal
from daemon.gate import Draft, Limits, Reason, Refused, Screened, screen
from daemon.gate.copies import Prompts, ToolOutputs
from daemon.gate.screening import owned, preview


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
    said = (m.content for t in turns for m in t.messages if m.role in ("system", "developer"))
    if host is None:
        return Prompts.of_host(None, None, said)
    return Prompts.of_host(host.system_prompt, host.tools, said)


@dataclass(frozen=True, slots=True)
class CredentialTalk:
    """What the turns of a batch say of credentials (a credential word, a redaction mark),
    "" for a turn that says nothing of them: what holds a memory written from them. Each
    turn is read when a memory first asks about it (a run that proposes nothing reads none)."""

    turns: Mapping[int, TurnRecord]
    _said: dict[int, str] = field(default_factory=dict)

    def of(self, turns: tuple[int, ...]) -> str:
        """What the turns a memory was written from say of credentials: ``turns`` when the
        extraction names them and the batch holds them all (the rules extractor names its
        memory's turn), else every turn of the batch (a model's memory may come from any)."""
        named = turns if turns and all(t in self.turns for t in turns) else tuple(self.turns)
        return next((talk for t in named if (talk := self._of(t))), "")

    def _of(self, turn: int) -> str:
        if turn not in self._said:
            self._said[turn] = _talk(self.turns[turn])
        return self._said[turn]


def credential_talk(batch: ExtractionBatch) -> CredentialTalk:
    """What each turn ``batch`` covers says of credentials, in every text of its messages
    (user, assistant, tool and system messages, tool calls' names and arguments) and its
    compaction summary: a redaction mark first, else the first credential word after or before
    which a value may stand (:func:`daemon.base.credential_talk.room_for_value`): a turn that
    only says where a credential lives, who owns it or how it is rotated holds no value a
    memory could carry on. The context turns and the host's prompts are not read: a memory
    of a run is written from the turns it covers."""
    return CredentialTalk({t.turn: t for t in batch.turns})


def _talk(turn: TurnRecord) -> str:
    texts = [text for m in turn.messages for text in _texts(m)]
    texts += [turn.summary] if turn.summary else []
    if any(REDACTED.search(text) for text in texts):
        return "a redaction mark"
    word = next((w for text in texts if (w := room_for_value(text)) is not None), None)
    return f"the word {word!r}" if word is not None else ""


def _texts(message: StoredMessage) -> Iterator[str]:
    """The texts of ``message``: its content, and the strings of its tool calls (arguments
    sent as JSON text read as the strings they hold, escapes undone; as the text they are
    when they do not parse, at any depth). Walked without recursion: the host's JSON may
    nest past any stack."""
    if message.content:
        yield message.content
    stack: list[Any] = [message.tool_calls]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            parsed = _parsed(value)
            if parsed is None:
                yield value
            else:
                stack.append(parsed)
        elif isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
        elif isinstance(value, list):
            stack.extend(reversed(value))


def _parsed(text: str) -> dict[Any, Any] | list[Any] | None:
    """The object or array JSON ``text`` holds, or None (not JSON, or nested too deep for
    the parser)."""
    if text[:1] not in "{[":
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict | list) else None


def vet(
    op: MemoryOp,
    scope: ScopeKey,
    limits: Limits,
    at: datetime | None = None,
    tools: ToolOutputs | None = None,
    prompts: Prompts | None = None,
    talk: CredentialTalk | None = None,
) -> tuple[MemoryOp, Screened | None] | Refusal:
    """The op cleaned up with the gate's screened value (None for a delete), or why not.
    ``at``: the time of the turn that said it, in its own time zone; ``talk``: what the
    batch's turns say of credentials (a memory written from such turns is held)."""
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
        op.type, op.memory_class, op.title, op.content, at=at, tools=tools, prompts=copied_from,
        credential_talk=talk.of(op.turns) if talk is not None else "",
    )  # fmt: skip
    checked = screen(owned(draft, scope) if op.action == "create" else draft, scope, limits)
    if isinstance(checked, Refused):
        return Refusal(reason=checked.detail, text=checked.excerpt, turn=turn, kind=checked.reason)
    return replace(op, type=checked.type, title=checked.title, content=checked.content), checked


def check_op(
    op: MemoryOp,
    scope: ScopeKey,
    limits: Limits,
    at: datetime | None = None,
    tools: ToolOutputs | None = None,
    prompts: Prompts | None = None,
    talk: CredentialTalk | None = None,
) -> MemoryOp | Refusal:
    """The gate's verdict on ``op``: the op as it would be stored, or why not."""
    vetted = vet(op, scope, limits, at, tools, prompts, talk)
    return vetted if isinstance(vetted, Refusal) else vetted[0]


def _refusal(op: MemoryOp, reason: str, kind: Reason, turn: int | None) -> Refusal:
    return Refusal(reason=reason, text=preview(op.content or op.title), turn=turn, kind=kind)
