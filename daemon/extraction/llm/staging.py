"""Per-run aliases and staged writes: what the model may name, and what it asked to change.

The model sees memories only as short aliases (``m1``, ``m2``…) given out by this run (the
manifest, search results); a database id or an alias it invents is refused. Writes and
deletes are *staged*: checked at once against the same guards the runner applies (so the
model hears why something was refused) and returned as ops, which the runner commits in one
transaction with the cursor move. Nothing here writes to the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from daemon.base.redact_json import redact_payload
from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.extraction.base import (
    MEMORY_CLASSES,
    MEMORY_TYPES,
    ExtractionBatch,
    Memory,
    MemoryClass,
    MemoryOp,
    Refusal,
)
from daemon.extraction.vetting import (
    CredentialTalk,
    check_op,
    credential_talk,
    host_prompts,
    tool_outputs,
)
from daemon.gate.copies import Prompts, ToolOutputs
from daemon.gate.hashing import content_hash
from daemon.gate.screening import Limits

__all__ = ["MAX_OPS", "Aliases", "Staging", "ToolError"]

MAX_OPS = 25
_SCOPE_KEYS = frozenset({"scope", "project", "user", "tenant", "session", "session_id", "owner"})


class ToolError(Exception):
    """A tool call refused back to the model; the message tells it why. ``recorded``: the
    refusal is already in the run's refusals."""

    def __init__(self, message: str, *, recorded: bool = False) -> None:
        super().__init__(message)
        self.recorded = recorded


class Aliases:
    """Short per-run names for the memories this run has been shown."""

    def __init__(self) -> None:
        self._views: dict[str, Memory] = {}
        self._names: dict[int, str] = {}

    def add(self, view: Memory) -> str:
        name = self._names.get(view.id)
        if name is None:
            name = f"m{len(self._names) + 1}"
            self._names[view.id] = name
        self._views[name] = view
        return name

    def get(self, name: Any) -> Memory:
        view = self._views.get(name) if isinstance(name, str) else None
        if view is None:
            known = ", ".join(list(self._views)[:5]) or "none yet"
            raise ToolError(
                f"unknown memory id {str(name)[:40]!r}: use an id given to you in this run "
                f"(the manifest or a search result; e.g. {known})"
            )
        return view

    def __len__(self) -> int:
        return len(self._views)


def _text(args: Mapping[str, Any], key: str, *, required: bool = False) -> str:
    value = args.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise ToolError(f"'{key}' must be a non-empty string")
    return value


@dataclass
class Staging:
    """The writes and deletes of one run, checked and staged; refusals recorded."""

    scope: ScopeKey
    limits: Limits
    at: datetime
    turns: tuple[int, ...]
    aliases: Aliases = field(default_factory=Aliases)
    ops: list[MemoryOp] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    tools: ToolOutputs | None = None  # the batch's tool outputs, for the junk guard
    prompts: Prompts | None = None  # the host's prompts, for the junk guard
    talk: CredentialTalk | None = None  # what the turns say of credentials (held if any)
    _known: dict[str, str] = field(default_factory=dict)  # content hash -> who says it

    @classmethod
    def for_batch(cls, batch: ExtractionBatch, limits: Limits) -> Staging:
        """The staging of a run over ``batch``: its scope, its newest turn's time, its turns."""
        return cls(
            scope=batch.scope,
            limits=limits,
            at=max(t.at for t in batch.turns),
            turns=tuple(t.turn for t in batch.turns),
            tools=tool_outputs(batch),
            prompts=host_prompts(batch),
            talk=credential_talk(batch),
        )

    def show(self, view: Memory) -> str:
        """Give ``view`` an alias (it becomes nameable) and remember its content."""
        name = self.aliases.add(view)
        self._known.setdefault(content_hash(view.type, view.content), name)
        return name

    def refuse(self, reason: str, text: str) -> ToolError:
        """Record a refusal and return the error to send back to the model: both redacted
        (a reason may name what the model sent; the text may be JSON, whole or broken), and
        cut only once redacted."""
        turn = self.turns[0] if self.turns else None
        reason = redact(reason)[0]
        self.refusals.append(Refusal(reason, redact_payload(text)[0][:500], turn))
        return ToolError(reason, recorded=True)

    def write(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Stage a create, or an update of the memory named by ``id``."""
        self._no_scope(args)
        kind = args.get("type")
        if kind is None and args.get("id") is not None:  # an update keeps its memory's type
            kind = self._target(args).type
        if kind not in MEMORY_TYPES:
            raise ToolError(f"'type' must be one of {', '.join(MEMORY_TYPES)}")
        memory_class = args.get("class") or MemoryClass.DURABLE
        if memory_class not in MEMORY_CLASSES:
            raise ToolError(f"'class' must be one of {', '.join(MEMORY_CLASSES)}")
        content = _text(args, "content", required=True)
        title = _text(args, "title")
        target = self._target(args) if args.get("id") is not None else None
        op = MemoryOp(
            action="update" if target else "create",
            type=target.type if target else str(kind),
            title=title,
            content=content,
            memory_class=str(memory_class),
            memory_id=target.id if target else None,
            turns=self.turns,
        )
        checked = check_op(
            op, self.scope, self.limits, self.at, self.tools, self.prompts, self.talk
        )
        if isinstance(checked, Refusal):
            self.refusals.append(checked)
            raise ToolError(f"refused: {checked.reason}; nothing staged", recorded=True)
        digest = content_hash(str(checked.type), checked.content)
        same = self._known.get(digest)
        if same is not None:
            return {"ok": True, "staged": "nothing", "note": f"already saved as {same}"}
        self._stage(checked)
        self._known[digest] = "a write staged in this run"
        return {"ok": True, "staged": checked.action, "title": checked.title}

    def delete(self, args: Mapping[str, Any]) -> dict[str, Any]:
        self._no_scope(args)
        target = self._target(args)
        reason = _text(args, "reason") or "no longer true"
        self._stage(
            MemoryOp(
                action="delete",
                type=target.type,
                memory_id=target.id,
                reason=f"extractor: {reason}"[:500],
                turns=self.turns,
            )
        )
        return {"ok": True, "staged": "delete"}

    def resolve(self, name: Any) -> Memory:
        """The memory an alias names; an unknown or invented one is refused and recorded."""
        try:
            return self.aliases.get(name)
        except ToolError as exc:
            raise self.refuse(str(exc), f"id={name!r}") from exc

    def _target(self, args: Mapping[str, Any]) -> Memory:
        view = self.resolve(args.get("id"))
        if view.pinned:
            raise ToolError(f"{args.get('id')} is pinned by an operator: leave it as it is")
        return view

    def _no_scope(self, args: Mapping[str, Any]) -> None:
        named = sorted(_SCOPE_KEYS.intersection(args))
        if named:
            raise self.refuse(
                "memory tools take no scope: memories always belong to this session's scope",
                f"{', '.join(named)}: {dict((k, args[k]) for k in named)}",
            )

    def _stage(self, op: MemoryOp) -> None:
        if len(self.ops) >= MAX_OPS:
            raise ToolError(f"at most {MAX_OPS} writes and deletes per run")
        self.ops.append(op)
