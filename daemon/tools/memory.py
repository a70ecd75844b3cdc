"""The main agent's memory tools: save, update, forget, read, list and search.

The tools of the agent a user talks to (over MCP or HTTP), not of the extraction agent.
Every call comes with a :class:`Caller`: the key's grant and the one scope the call works in,
narrowed from it (:mod:`daemon.tools.access`). Writes need the ``agent`` role and pass the
guards extraction applies (:func:`~daemon.extraction.guards.check_op`: the taxonomy,
secrets, directives planted for agents, junk, size caps) and the duplicate check; they are
recorded in the memory history with the actor ``agent`` and the key's id. A refused call
raises :class:`~daemon.errors.ToolRefused`, whose ``code`` is one of :data:`CODES`.

A write that names its session and turn records the turn (:mod:`daemon.store.agent_turns`)
in its transaction, so the extraction guard skips that turn as it skips one whose event lists
``memory_writes``. Every successful write answers a JSON object with ``"ok": true``, which is
how a host's turn event that carries the call shows it (:mod:`daemon.events.own_tools`).

A memory of another scope is answered as not found, never as forbidden.
"""

from __future__ import annotations

import builtins
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import structlog

from daemon.auth.grant import Grant, Role
from daemon.clock import Clock
from daemon.errors import ToolRefused
from daemon.events.models import storable
from daemon.extraction.base import MEMORY_CLASSES, MEMORY_TYPES, MemoryOp, Refusal
from daemon.extraction.guards import Limits, check_op
from daemon.recall import InjectionBlock, Recall
from daemon.records import MemoryView
from daemon.scope import ScopeKey
from daemon.store import agent_turns
from daemon.store.db import Store
from daemon.tools import adapter
from daemon.tools.access import identifier, narrow_scope, require_role

__all__ = ["ACTOR", "CODES", "Caller", "Memory", "MemoryTools", "TurnRef", "Written"]

log = structlog.get_logger("memoryd.tools")

ACTOR = "agent"
#: Why a call is refused: ``role_too_weak`` (the key's role may not do it),
#: ``scope_outside_key`` (the project or user named is not the key's), ``project_required``
#: (the key allows several projects and none is named), ``no_key``, ``invalid`` (bad
#: arguments), ``not_found`` (no such memory in scope), ``pinned`` (an operator pinned it),
#: ``duplicate`` (a live memory says the same), ``secret``, ``directive`` (instructions aimed
#: at an agent), ``junk`` (states nothing worth keeping), ``too_large``.
CODES = (
    "role_too_weak",
    "scope_outside_key",
    "project_required",
    "no_key",
    "invalid",
    "not_found",
    "pinned",
    "duplicate",
    "secret",
    "directive",
    "junk",
    "too_large",
)
MAX_LIMIT = 100
MAX_QUERY_CHARS = 500
_INVALID_PREFIXES = ("unknown ", "user memory without", "empty content", "delete without")


@dataclass(frozen=True, slots=True)
class Caller:
    """Who calls and where: the key's grant and the scope narrowed from it."""

    grant: Grant
    scope: ScopeKey

    @classmethod
    def of(cls, grant: Grant, project: str | None = None, user: str | None = None) -> Caller:
        """The caller of ``grant`` in the project and user the client names (see
        :func:`~daemon.tools.access.narrow_scope`)."""
        return cls(grant, narrow_scope(grant, project, user))


@dataclass(frozen=True, slots=True)
class TurnRef:
    """The session and turn a write was made in, as the host names them."""

    session_id: str
    turn: int

    def __post_init__(self) -> None:
        if not 0 <= self.turn <= 2**31 - 1:
            raise ToolRefused("invalid", "turn must be an integer from 0 to 2147483647")
        identifier("session_id", self.session_id)


@dataclass(frozen=True, slots=True)
class Memory:
    """One memory as the tools answer it."""

    id: int
    type: str
    memory_class: str
    title: str
    content: str
    pinned: bool
    updated_at: str

    @classmethod
    def of(cls, view: MemoryView | Any) -> Memory:
        return cls(
            id=int(view.id),
            type=str(view.type),
            memory_class=str(view.memory_class),
            title=view.title,
            content=view.content,
            pinned=bool(view.pinned),
            updated_at=view.updated_at.isoformat(),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "class": self.memory_class,
            "title": self.title,
            "content": self.content,
            "pinned": self.pinned,
            "updated_at": self.updated_at,
        }


@dataclass(frozen=True, slots=True)
class Written:
    """What a write did: ``action`` is created, updated, unchanged or forgotten."""

    id: int
    action: str
    title: str

    def as_dict(self) -> dict[str, Any]:
        return {"ok": True, "id": self.id, "action": self.action, "title": self.title}


def _refused(refusal: Refusal) -> ToolRefused:
    reason = refusal.reason
    if reason == "secret":
        code = "secret"
    elif reason.startswith("instruction-like"):
        code = "directive"
    elif reason.startswith("content over"):
        code = "too_large"
    elif reason.startswith(_INVALID_PREFIXES):
        code = "invalid"
    else:
        code = "junk"
    return ToolRefused(code, f"refused ({code}): {reason}; nothing was saved")


def _choice(kind: str, value: str | None, allowed: tuple[str, ...]) -> str | None:
    if value is not None and value not in allowed:
        raise ToolRefused("invalid", f"{kind} must be one of {', '.join(allowed)}")
    return value


def _choices(kind: str, values: Collection[str], allowed: tuple[str, ...]) -> set[str]:
    for value in values:
        _choice(kind, value, allowed)
    return set(values)


def _limit(limit: int) -> int:
    if not 1 <= limit <= MAX_LIMIT:
        raise ToolRefused("invalid", f"limit must be from 1 to {MAX_LIMIT}")
    return limit


class MemoryTools:
    """The memory tools over one store; every method takes the :class:`Caller`."""

    def __init__(self, store: Store, recall: Recall, clock: Clock, limits: Limits) -> None:
        self.store = store
        self.recall = recall
        self.clock = clock
        self.limits = limits

    def _text(self, kind: str, value: str, cap: int) -> str:
        # Far over the cap: refused before any scanner reads it.
        if len(value) > 4 * cap:
            raise ToolRefused("too_large", f"{kind} over {cap} characters; nothing was saved")
        return storable(value)

    def _check(self, caller: Caller, op: MemoryOp) -> MemoryOp:
        checked = check_op(op, caller.scope, self.limits, self.clock.now())
        if isinstance(checked, Refusal):
            log.info("tools.refused", key_id=caller.grant.key_id, reason=checked.reason)
            raise _refused(checked)
        return checked

    def _provenance(self, caller: Caller, at: TurnRef | None) -> adapter.Provenance:
        return adapter.Provenance(
            actor=ACTOR,
            actor_id=caller.grant.key_id,
            session_id=at.session_id if at else None,
            source_user=caller.scope.user or None,
            turns=str(at.turn) if at else None,
            created_by=ACTOR,
        )

    async def save(
        self,
        caller: Caller,
        *,
        type: str,
        title: str,
        content: str,
        memory_class: str = "durable",
        at: TurnRef | None = None,
    ) -> Written:
        """Create a memory: ``user`` memories are the caller's user's own, the others the
        project's (shared)."""
        require_role(caller.grant, Role.AGENT)
        _choice("type", type, MEMORY_TYPES)
        _choice("class", memory_class, MEMORY_CLASSES)
        op = MemoryOp(
            action="create",
            type=type,
            title=self._text("title", title, self.limits.max_title_chars),
            content=self._text("content", content, self.limits.max_content_chars),
            memory_class=memory_class,
        )
        checked = self._check(caller, op)
        target = caller.scope if checked.type == "user" else caller.scope.shared()
        now = self.clock.now()
        async with self.store.begin() as conn:
            memory_id = await adapter.create(
                conn,
                target,
                type_=str(checked.type),
                memory_class=str(checked.memory_class),
                title=checked.title,
                content=checked.content,
                prov=self._provenance(caller, at),
                now=now,
            )
            if memory_id is None:
                same = await adapter.duplicate_of(conn, target, str(checked.type), checked.content)
                raise ToolRefused(
                    "duplicate",
                    f"refused (duplicate): memory {same} already says this; update it instead",
                )
            if at is not None:
                await agent_turns.record(conn, at.session_id, at.turn, caller.scope, now)
        log.info("tools.saved", key_id=caller.grant.key_id, memory_id=memory_id)
        return Written(memory_id, "created", checked.title)

    async def update(
        self,
        caller: Caller,
        memory_id: int,
        *,
        title: str | None = None,
        content: str | None = None,
        memory_class: str | None = None,
        at: TurnRef | None = None,
    ) -> Written:
        """Change a memory's title, content or class (what is not given is kept)."""
        require_role(caller.grant, Role.AGENT)
        _choice("class", memory_class, MEMORY_CLASSES)
        now = self.clock.now()
        async with self.store.begin() as conn:
            current = await self._target(conn, caller, memory_id)
            op = MemoryOp(
                action="update",
                type=current.type,
                title=current.title
                if title is None
                else self._text("title", title, self.limits.max_title_chars),
                content=current.content
                if content is None
                else self._text("content", content, self.limits.max_content_chars),
                memory_class=memory_class or current.memory_class,
                memory_id=memory_id,
            )
            checked = self._check(caller, op)
            changed = (checked.title, checked.content, checked.memory_class) != (
                current.title,
                current.content,
                current.memory_class,
            )
            if changed and not await adapter.update(
                conn,
                caller.scope,
                memory_id,
                title=checked.title,
                content=checked.content,
                memory_class=str(checked.memory_class),
                prov=self._provenance(caller, at),
                now=now,
            ):
                raise ToolRefused(
                    "duplicate",
                    "refused (duplicate): another memory already says this; nothing was changed",
                )
            if changed and at is not None:
                await agent_turns.record(conn, at.session_id, at.turn, caller.scope, now)
        log.info("tools.updated", key_id=caller.grant.key_id, memory_id=memory_id)
        return Written(memory_id, "updated" if changed else "unchanged", checked.title)

    async def forget(
        self, caller: Caller, memory_id: int, *, reason: str = "", at: TurnRef | None = None
    ) -> Written:
        """Tombstone a memory: it leaves recall at once and an operator can restore it while
        the tombstone is kept (``memoryd memories restore``)."""
        require_role(caller.grant, Role.AGENT)
        why = storable(" ".join(reason.split())[:500]) or "no longer true"
        now = self.clock.now()
        async with self.store.begin() as conn:
            current = await self._target(conn, caller, memory_id)
            await adapter.delete(
                conn,
                caller.scope,
                memory_id,
                reason=f"agent: {why}",
                prov=self._provenance(caller, at),
                now=now,
            )
            if at is not None:
                await agent_turns.record(conn, at.session_id, at.turn, caller.scope, now)
        log.info("tools.forgotten", key_id=caller.grant.key_id, memory_id=memory_id)
        return Written(memory_id, "forgotten", current.title)

    async def read(self, caller: Caller, memory_id: int) -> Memory:
        require_role(caller.grant, Role.READER)
        async with self.store.connect() as conn:
            view = await adapter.read(conn, caller.scope, memory_id)
        if view is None:
            raise _not_found(memory_id)
        return Memory.of(view)

    async def list(
        self,
        caller: Caller,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 50,
    ) -> list[Memory]:
        """The memories in scope, pinned first, then newest first."""
        require_role(caller.grant, Role.READER)
        wanted_types = _choices("type", types, MEMORY_TYPES)
        wanted_classes = _choices("class", classes, MEMORY_CLASSES)
        async with self.store.connect() as conn:
            views = await adapter.listed(
                conn, caller.scope, types=wanted_types, classes=wanted_classes, limit=_limit(limit)
            )
        return [Memory.of(view) for view in views]

    async def search(
        self,
        caller: Caller,
        query: str,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 10,
    ) -> builtins.list[Memory]:
        """Ranked full-text search in scope, best first."""
        require_role(caller.grant, Role.READER)
        if not query.strip():
            raise ToolRefused("invalid", "query must hold at least one word")
        hits = await self.recall.search(
            storable(query[:MAX_QUERY_CHARS]),
            caller.scope,
            types=_choices("type", types, MEMORY_TYPES),
            classes=_choices("class", classes, MEMORY_CLASSES),
            limit=_limit(limit),
        )
        return [Memory.of(hit) for hit in hits]

    async def injection_block(self, caller: Caller, query: str | None = None) -> InjectionBlock:
        """The "# Memories" block for the start of a session in scope."""
        require_role(caller.grant, Role.READER)
        return await self.recall.injection_block(
            caller.scope, storable(query[:MAX_QUERY_CHARS]) if query else None
        )

    async def _target(self, conn: Any, caller: Caller, memory_id: int) -> MemoryView:
        view = await adapter.read(conn, caller.scope, memory_id)
        if view is None:
            raise _not_found(memory_id)
        if view.pinned:
            raise ToolRefused(
                "pinned", f"memory {memory_id} is pinned by an operator: it stays as it is"
            )
        return view


def _not_found(memory_id: int) -> ToolRefused:
    return ToolRefused("not_found", f"no memory {memory_id} in this scope")
