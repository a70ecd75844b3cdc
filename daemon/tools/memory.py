"""The main agent's memory tools: save, update, forget, read, list, search and a memory's
history.

The tools of the agent a user talks to (over MCP or HTTP), not of the extraction agent.
Every call comes with a :class:`Caller`: the key's grant and the one scope the call works in,
narrowed from it by the front doors' one policy (:mod:`daemon.access.policy`). Writes need a
role that may write (``agent``, ``admin``) and go through the memories' owner
(:mod:`daemon.store.memory`): :func:`~daemon.store.memory.save` applies the guards extraction
applies (the taxonomy, secrets, directives planted for agents, junk, size caps) and the
duplicate check, and every write is recorded in the memory history with the actor ``agent``
and the key's id.

A refused call raises :class:`~daemon.base.errors.ToolRefused` (``code``: one of :data:`CODES`),
or the policy's :class:`~daemon.access.policy.Refused` / :class:`~daemon.access.policy.ScopeUnnamed`
(``role_too_weak``, ``scope_outside_key``, ``project_required``): :data:`REFUSALS` holds
them all, and each has its ``code``.

A write that names its session and turn records the turn
(:mod:`daemon.store.transcripts.agent_turns`) in its transaction, so the extraction guard
skips that turn as it skips one whose event lists
``memory_writes``. Every successful write answers a JSON object with ``"ok": true``, which is
how a host's turn event that carries the call shows it (:mod:`daemon.events.own_tools`).

A write that names its session and turn is also read against them
(:func:`~daemon.store.transcripts.agent_turns.said_in`): its relative dates ("tomorrow") are
made absolute in the local date of that turn (the turn's time in its zone, or now in the
session's zone when the turn's event is not stored yet), and it is held against what the
session holds, as the extraction of the same turns is: a new memory that copies the host's
prompts (its system prompt, its tools' descriptions, the system and developer messages of
the recent turns) is junk (not an update: the host's prompt may show the memory itself), and
so is one mostly copied from a tool output of the recent turns. A write that names none is
read at the clock's time, in UTC, and held against the host prompts (system prompt, tool
descriptions) of the scope's recent sessions
(:func:`~daemon.store.transcripts.agent_turns.recent_prompts`): a copy of one is junk whether
or not the write names its session.

``list`` and ``search`` take ``as_of`` (a time with its offset): what the scope believed then
(an update keeps the content it replaced as a version: :mod:`daemon.store.memory.versions`).
A memory of another scope is answered as not found, never as forbidden. What ``read``,
``list`` and ``search`` find is answered to a host through :meth:`MemoryTools.answer`: each
memory with its ``author`` and, when another writer's text reaches the caller (another user,
a session or agent key with no user, an import: :mod:`daemon.recall.voice`), the quoted line
to show in its place.
"""

from __future__ import annotations

import builtins
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import structlog

from daemon.access.grant import Grant
from daemon.access.policy import Action, Refused, ScopeUnnamed, require, scope_for
from daemon.base.clock import Clock
from daemon.base.errors import ToolRefused
from daemon.base.opaque import IdCodec
from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.base.text import storable
from daemon.base.timezones import local, zone
from daemon.events.models import IDENTIFIER_MAX, identifier_problem
from daemon.gate import Draft
from daemon.gate.copies import Prompts, ToolOutputs
from daemon.gate.metadata import BadMetadata, wanted
from daemon.gate.metadata import checked as checked_metadata
from daemon.gate.screening import Limits
from daemon.recall import InjectionBlock, Mode, Ranking, Recall, SearchFilter, answer
from daemon.store import memory
from daemon.store.db import Connection, Store
from daemon.store.memory import (
    MEMORY_CLASSES,
    MEMORY_TYPES,
    Actor,
    Memory,
    Provenance,
    Review,
    WriteRefused,
)
from daemon.store.public_ids import id_codec
from daemon.store.transcripts import agent_turns
from daemon.tools.near import SaveEmbedder

__all__ = [
    "ACTOR",
    "CODES",
    "HELD",
    "REFUSALS",
    "Caller",
    "Memory",
    "MemoryTools",
    "TurnRef",
    "Written",
    "code_of",
    "metadata_filter",
]


log = structlog.get_logger("memoryd.tools")

ACTOR = Actor.AGENT
#: Why a call is refused, besides the policy's codes (``role_too_weak``,
#: ``scope_outside_key``, ``project_required``): ``no_key``, ``invalid`` (bad arguments),
#: ``not_found`` (no such memory in scope), ``pinned`` (an operator pinned it),
#: ``not_forgotten`` (a restore of a live memory), and the
#: write guards' reasons: ``duplicate`` (a live memory says the same), ``taxonomy`` (an
#: unknown type or class), ``user_required`` (a user memory with no user in scope),
#: ``empty``, ``secret``, ``directive`` (instructions aimed at an agent), ``junk`` (states
#: nothing worth keeping), ``too_large``.
CODES = (
    "no_key",
    "invalid",
    "not_found",
    "pinned",
    "not_forgotten",
    "duplicate",
    "taxonomy",
    "user_required",
    "empty",
    "secret",
    "directive",
    "junk",
    "too_large",
)
#: Every exception a refused call raises; each has a ``code``.
REFUSALS: tuple[type[Exception], ...] = (ToolRefused, Refused, ScopeUnnamed)
MAX_LIMIT = 100
MAX_QUERY_CHARS = 500
_CODE_OF_REASON = {
    memory.Reason.NOT_FOUND: "not_found",
    memory.Reason.SCOPE: "user_required",
    memory.Reason.SIZE: "too_large",
}


def code_of(exc: Exception) -> str:
    """The ``code`` of one of :data:`REFUSALS`."""
    return str(getattr(exc, "code", "invalid"))


def identifier(kind: str, value: str) -> str:
    """``value`` when it can name a project, user or session, else refused (``invalid``)."""
    if not value or len(value) > IDENTIFIER_MAX or identifier_problem(value):
        raise ToolRefused(
            "invalid",
            f"{kind} must be 1 to {IDENTIFIER_MAX} characters without control or invisible ones",
        )
    return value


@dataclass(frozen=True, slots=True)
class Caller:
    """Who calls and where: the key's grant and the scope narrowed from it."""

    grant: Grant
    scope: ScopeKey

    @classmethod
    def of(
        cls,
        grant: Grant,
        project: str | None = None,
        user: str | None = None,
        tenant: str | None = None,
    ) -> Caller:
        """The caller of ``grant`` in the project and user the client names
        (:func:`~daemon.access.policy.scope_for`)."""
        for kind, value in (("project", project), ("user", user), ("tenant", tenant)):
            if value is not None:
                identifier(kind, value)
        return cls(grant, scope_for(grant, project=project, user=user, tenant=tenant))


@dataclass(frozen=True, slots=True)
class TurnRef:
    """The session and turn a write was made in, as the host names them."""

    session_id: str
    turn: int

    def __post_init__(self) -> None:
        if not 0 <= self.turn <= 2**31 - 1:
            raise ToolRefused("invalid", "turn must be an integer from 0 to 2147483647")
        identifier("session_id", self.session_id)

    @classmethod
    def of(cls, session_id: str | None, turn: int | None) -> TurnRef | None:
        """The turn a call names, if any: both or neither."""
        if session_id is None and turn is None:
            return None
        if session_id is None or turn is None:
            raise ToolRefused("invalid", "give both session_id and turn, or neither")
        return cls(session_id, turn)


@dataclass(frozen=True, slots=True)
class Written:
    """What a write did: ``action`` is created, updated, unchanged or forgotten, or held (a
    shared memory written, or rewritten, as a directive to agents: only the caller's scope
    sees it until an operator approves it; ``review`` is then ``pending``)."""

    id: int
    action: str
    title: str
    #: The memory's opaque id (:mod:`daemon.base.opaque`): the one answers show.
    public_id: str = ""
    #: A save's (or a rewrite's) near-duplicate check: ``checked`` (then ``absorbed_by``
    #: names the memory that absorbed it, if one did) or ``deferred`` (its text could not be
    #: embedded: the embedding job checks it). None: another write, or no embeddings.
    dedup: str | None = None
    absorbed_by: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The write's JSON, the memory named by its opaque id."""
        answer: dict[str, Any] = {
            "ok": True,
            "id": self.public_id,
            "action": self.action,
            "title": self.title,
        }
        if self.action == HELD:
            answer["review"] = str(Review.PENDING)
        if self.dedup is not None:
            answer["dedup"] = self.dedup
            answer["absorbed_by"] = self.absorbed_by
        return answer


#: The action of a write held for an operator's review.
HELD = "held"


def _action(done: str, written: Memory | None) -> str:
    return HELD if written is not None and written.review == Review.PENDING else done


#: What a caller can do about a refusal, by its code.
_FIXES = {
    "secret": (
        "save the fact without the value (where the credential is kept, not what it is); "
        "memoryd never stores credentials"
    ),
    "user_required": (
        "a user memory belongs to a user: use a key bound to one, or name the user "
        "(`user` in the request; `--user` / MEMORYD_MCP_USER on the MCP server)"
    ),
    "directive": "state the fact or decision itself, not an instruction to agents",
    "junk": "say what a later session can use: a fact, a preference or a decision",
    "duplicate": "the memory named already says this; update it instead",
    "too_large": "shorten the content or split it into several memories",
    "taxonomy": "type is project, user or decision; class is one of the documented classes",
}


def _refused(refusal: memory.Refused, public_id: str | None = None) -> ToolRefused:
    """The refusal as a caller is told it, its memory (if any) named by ``public_id``: what
    was refused, in which field, and what to do about it."""
    code = _CODE_OF_REASON.get(refusal.reason, str(refusal.reason))
    told = refusal.naming(f"memory {public_id}") if public_id else refusal.naming("a memory")
    if code == "secret":
        told = f"the {refusal.field or 'memory'} holds a credential ({told})"
    fix = f" ({_FIXES[code]})" if code in _FIXES else ""
    return ToolRefused(code, f"refused ({code}): {told}; nothing was saved{fix}", memory=public_id)


def metadata_filter(value: Mapping[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """A filter's metadata object (each key's value, all to hold) as the pairs the store
    filters by (:func:`daemon.gate.metadata.wanted`); ``invalid`` naming what is wrong."""
    if value is not None and not isinstance(value, Mapping):
        raise ToolRefused("invalid", "metadata must be an object of keys and values")
    try:
        return wanted((value or {}).items())
    except BadMetadata as exc:
        raise ToolRefused("invalid", str(exc)) from exc


def _choices(kind: str, values: Collection[str], allowed: Collection[str]) -> set[str]:
    for value in values:
        if value not in allowed:
            raise ToolRefused("invalid", f"{kind} must be one of {', '.join(allowed)}")
    return set(values)


def _limit(limit: int) -> int:
    if not 1 <= limit <= MAX_LIMIT:
        raise ToolRefused("invalid", f"limit must be from 1 to {MAX_LIMIT}")
    return limit


def _moment(as_of: datetime) -> datetime:
    """A time to look back at: with its offset (a time without one names no moment)."""
    if as_of.tzinfo is None or as_of.utcoffset() is None:
        raise ToolRefused("invalid", "as_of must give its UTC offset (RFC 3339), e.g. Z or +02:00")
    return as_of


def _version(version: memory.Version, reader: str, ids: IdCodec) -> dict[str, Any]:
    """One content of a timeline as a host is answered it (:func:`daemon.recall.answer`),
    with when it was true and what ended it."""
    body = answer(version.memory, reader, ids)
    body.update(
        valid_from=version.valid_from.isoformat(),
        valid_to=None if version.valid_to is None else version.valid_to.isoformat(),
        current=version.current,
        superseded_by=None if version.superseded_by is None else ids.encode(version.superseded_by),
        ended_by=None
        if version.action is None
        else {
            "action": version.action,
            "actor": version.actor,
            "actor_id": version.actor_id,
            "reason": version.reason,
        },
    )
    return body


def _host_prompts(said: agent_turns.SaidIn | None) -> Prompts | None:
    """The host's prompts a write made in ``said``'s turn must not copy (None: no session)."""
    if said is None:
        return None
    return Prompts.of_host(said.system_prompt, said.host_tools, said.host_messages)


def _recent_prompts(recent: tuple[agent_turns.HostPrompt, ...]) -> Prompts | None:
    """The host prompts of the scope's recent sessions a write naming no session must not
    copy (None: there are none)."""
    if not recent:
        return None
    texts: list[str | None] = []
    for host in recent:
        texts.extend(Prompts.texts_of(host.system_prompt, host.host_tools))
    return Prompts(texts)


def _tool_outputs(said: agent_turns.SaidIn | None) -> ToolOutputs | None:
    """The recent tool outputs a write made in ``said``'s turn must not mostly copy."""
    return None if said is None else ToolOutputs(said.tool_outputs)


def _source(source: dict[str, Any]) -> dict[str, Any]:
    """A memory's provenance as answered (times in ISO 8601)."""
    return {**source, "created_at": source["created_at"].isoformat()}


def _not_found(public_id: object) -> ToolRefused:
    return ToolRefused("not_found", f"no memory {str(public_id)[:40]} in this scope")


@dataclass(frozen=True, slots=True)
class _Rewrite:
    """What an update asks to change (None: kept) and when it was said."""

    title: str | None
    content: str | None
    memory_class: str | None
    at: TurnRef | None
    timezone: str | None
    metadata: Mapping[str, Any] | None = None


class MemoryTools:
    """The memory tools over one store; every method takes the :class:`Caller`."""

    def __init__(
        self,
        store: Store,
        recall: Recall,
        clock: Clock,
        limits: Limits,
        embedder: SaveEmbedder | None = None,
    ) -> None:
        self.store = store
        self.recall = recall
        self.clock = clock
        self.limits = limits
        #: Embeds a save's text for the near-duplicate check (None: no embeddings).
        self.embedder = embedder

    def _bounded(self, kind: str, value: str, cap: int) -> str:
        # Far over the cap: refused before any scanner reads it.
        if len(value) > 4 * cap:
            raise ToolRefused("too_large", f"{kind} over {cap} characters; nothing was saved")
        return value

    def _provenance(self, caller: Caller, at: TurnRef | None) -> Provenance:
        return Provenance(
            actor=ACTOR,
            actor_id=caller.grant.key_id,
            session_id=at.session_id if at else None,
            source_user=caller.scope.user or None,
            source_key=caller.grant.key_id,
            turns=str(at.turn) if at else None,
            created_by=str(ACTOR),
        )

    async def _said_in(
        self, conn: Connection, caller: Caller, at: TurnRef | None
    ) -> agent_turns.SaidIn | None:
        if at is None:
            return None
        return await agent_turns.said_in(
            conn, at.session_id, at.turn, caller.scope, self.clock.now()
        )

    async def _mark(self, conn: Connection, caller: Caller, at: TurnRef | None) -> None:
        if at is not None:
            await agent_turns.record(conn, at.session_id, at.turn, caller.scope, self.clock.now())

    async def _failed(self, caller: Caller, refusal: memory.Refused) -> ToolRefused:
        """The refusal as the caller is told it: a memory it names by its opaque id (the
        store names rows by theirs, which would tell the install's write volume)."""
        named = refusal.memory_id
        refused = _refused(refusal, None if named is None else await self._public(named))
        log.info("tools.refused", key_id=caller.grant.key_id, reason=refused.code)
        return refused

    def _when(self, said: agent_turns.SaidIn | None, timezone: str | None) -> datetime | None:
        """The time a write's relative dates are read at: its turn's local time, else now in
        the zone the host named, else None (now, in UTC)."""
        if timezone is not None and zone(timezone) is None:
            raise ToolRefused(
                "invalid",
                f"unknown time zone {timezone[:64]!r}: give an IANA name such as "
                "America/Los_Angeles or an offset such as +09:00",
            )
        if said is not None:
            return said.at
        return local(self.clock.now(), timezone) if timezone else None

    async def save(
        self,
        caller: Caller,
        *,
        type: str,
        title: str,
        content: str,
        memory_class: str = "durable",
        at: TurnRef | None = None,
        timezone: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> Written:
        """Create a memory: ``user`` memories are the caller's user's own, the others the
        project's (shared). ``metadata``: the writer's free-form metadata (a flat object:
        :mod:`daemon.gate.metadata`; breaking its rules is ``invalid``, a secret in a value
        ``secret``). Relative dates are read in the local date of the turn ``at``
        names, else of ``timezone`` (an IANA name or an offset), else of UTC. A live memory
        of the same scope and type that means the same absorbs it (semantic dedup, with
        embeddings): the answer then names that memory (``absorbed_by``), ``updated`` when
        the save's text became its new version, ``unchanged`` when it added nothing."""
        require(caller.grant, Action.WRITE)
        title = self._bounded("title", title, self.limits.max_title_chars)
        content = self._bounded("content", content, self.limits.max_content_chars)
        try:
            kept = checked_metadata(metadata)
        except BadMetadata as exc:
            raise ToolRefused("invalid", f"{exc}; nothing was saved") from exc
        now = self.clock.now()
        async with self.store.connect() as conn:
            said = await self._said_in(conn, caller, at)
            recent = () if at else await agent_turns.recent_prompts(conn, caller.scope, now)
        draft = Draft(
            type=type,
            memory_class=memory_class,
            title=title,
            content=content,
            at=self._when(said, timezone),
            tools=_tool_outputs(said),
            prompts=_host_prompts(said) or _recent_prompts(recent),
            metadata=kept,
        )
        checked = memory.screened(draft, caller.scope, self.limits, now=now)
        if isinstance(checked, memory.Refused):
            raise await self._failed(caller, checked)
        # Embedded before the transaction opens: a provider call never holds one open.
        near = (
            None
            if self.embedder is None
            else await self.embedder.near(checked.title, checked.content)
        )
        prov = self._provenance(caller, at)
        async with self.store.begin() as conn:
            if self.embedder is None:
                saved: int | memory.Refused | memory.Absorbed = await memory.save(
                    conn, caller.scope, checked, prov=prov, now=now
                )
            else:
                saved = await memory.save_or_absorb(
                    conn, caller.scope, checked, prov=prov, now=now, near=near
                )
            if isinstance(saved, memory.Refused):
                raise await self._failed(caller, saved)
            memory_id = saved if isinstance(saved, int) else saved.memory_id
            await self._mark(conn, caller, at)
            written = await memory.read(conn, caller.scope, memory_id)
        public = await self._public(memory_id)
        dedup = None if self.embedder is None else ("deferred" if near is None else "checked")
        if isinstance(saved, memory.Absorbed):
            action = _action("updated" if saved.changed else "unchanged", written)
            log.info(
                "tools.absorbed", key_id=caller.grant.key_id, memory_id=memory_id, action=action
            )
            return Written(
                memory_id, action, written.title if written else checked.title, public,
                dedup=dedup, absorbed_by=public,
            )  # fmt: skip
        action = _action("created", written)
        log.info("tools.saved", key_id=caller.grant.key_id, memory_id=memory_id, action=action)
        return Written(
            memory_id, action, written.title if written else checked.title, public, dedup=dedup
        )

    async def update(
        self,
        caller: Caller,
        public_id: str,
        *,
        title: str | None = None,
        content: str | None = None,
        memory_class: str | None = None,
        at: TurnRef | None = None,
        timezone: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> Written:
        """Change a memory's title, content, class or metadata (what is not given is kept;
        ``metadata`` replaces the whole object, ``{}`` clears it, checked as :meth:`save`
        checks it); dates are read as :meth:`save` reads them. A new title or content is
        checked for near-duplicates as a save is (with embeddings): when another memory of
        the scope and type means the same, it absorbs the rewritten memory (which becomes a
        tombstone replaced by it) and the answer names it (``absorbed_by``), as a save's
        does."""
        require(caller.grant, Action.WRITE)
        memory_id = await self._row(public_id)
        try:
            kept = None if metadata is None else checked_metadata(metadata)
        except BadMetadata as exc:
            raise ToolRefused("invalid", f"{exc}; nothing was changed") from exc
        now = self.clock.now()
        rewrite = _Rewrite(title, content, memory_class, at, timezone, kept)
        checks = self.embedder is not None and (title is not None or content is not None)
        near, embedded = None, None
        if checks and self.embedder is not None:
            # Embedded before the transaction opens, as a save's text is.
            async with self.store.connect() as conn:
                _, draft = await self._rewritten(conn, caller, memory_id, public_id, rewrite)
            checked = memory.screened(draft, caller.scope, self.limits, now=now)
            if not isinstance(checked, memory.Refused):
                embedded = (checked.title, checked.content)
                near = await self.embedder.near(*embedded)
        prov = self._provenance(caller, at)
        async with self.store.begin() as conn:
            current, draft = await self._rewritten(conn, caller, memory_id, public_id, rewrite)
            saved = await memory.save(
                conn,
                caller.scope,
                draft,
                prov=prov,
                now=now,
                limits=self.limits,
                memory_id=memory_id,
            )
            if isinstance(saved, memory.Refused) and saved.reason == memory.Reason.UNCHANGED:
                return Written(memory_id, "unchanged", current.title, public_id)
            if isinstance(saved, memory.Refused):
                raise await self._failed(caller, saved)
            await self._mark(conn, caller, at)
            written = await memory.read(conn, caller.scope, memory_id)
            dedup, absorbed = None, None
            if checks:
                # The vector is of the text written only when no other write came between.
                same = written is not None and (written.title, written.content) == embedded
                dedup = "checked" if near is not None and same else "deferred"
                absorbed = await memory.absorb_rewrite(
                    conn, memory_id, near if same else None, prov=prov, now=now
                )
                if absorbed is not None:
                    written = await memory.read(conn, caller.scope, absorbed.memory_id)
        if absorbed is not None:
            action = _action("updated" if absorbed.changed else "unchanged", written)
            public = await self._public(absorbed.memory_id)
            log.info(
                "tools.absorbed",
                key_id=caller.grant.key_id,
                memory_id=absorbed.memory_id,
                rewritten=memory_id,
                action=action,
            )
            return Written(
                absorbed.memory_id, action, written.title if written else current.title, public,
                dedup=dedup, absorbed_by=public,
            )  # fmt: skip
        action = _action("updated", written)
        log.info("tools.updated", key_id=caller.grant.key_id, memory_id=memory_id, action=action)
        title_now = written.title if written else current.title
        return Written(memory_id, action, title_now, public_id, dedup=dedup)

    async def _rewritten(
        self, conn: Connection, caller: Caller, memory_id: int, public_id: str, rewrite: _Rewrite
    ) -> tuple[Memory, Draft]:
        """The memory to rewrite (refused when it is not the caller's to change) and the
        draft of what it becomes (what the rewrite leaves out is kept)."""
        current = await self._target(conn, caller, memory_id, public_id)
        said = await self._said_in(conn, caller, rewrite.at)
        title, content = rewrite.title, rewrite.content
        draft = Draft(
            type=current.type,
            memory_class=rewrite.memory_class or current.memory_class,
            title=current.title
            if title is None
            else self._bounded("title", title, self.limits.max_title_chars),
            content=current.content
            if content is None
            else self._bounded("content", content, self.limits.max_content_chars),
            at=self._when(said, rewrite.timezone),
            tools=_tool_outputs(said),
            metadata=rewrite.metadata,  # None: kept
        )  # not held against the host's prompt, which may show the memory itself
        return current, draft

    async def forget(
        self, caller: Caller, public_id: str, *, reason: str = "", at: TurnRef | None = None
    ) -> Written:
        """Tombstone a memory: it leaves recall at once and an operator can restore it while
        the tombstone is kept (``memoryd memories restore``)."""
        require(caller.grant, Action.WRITE)
        why = storable(redact(" ".join(reason[:2000].split()))[0][:500]) or "no longer true"
        memory_id = await self._row(public_id)
        async with self.store.begin() as conn:
            current = await self._target(conn, caller, memory_id, public_id)
            gone = await memory.delete(
                conn,
                caller.scope,
                memory_id,
                reason=f"agent: {why}",
                prov=self._provenance(caller, at),
                now=self.clock.now(),
            )
            if isinstance(gone, memory.Refused):
                raise await self._failed(caller, gone)
            await self._mark(conn, caller, at)
        log.info("tools.forgotten", key_id=caller.grant.key_id, memory_id=memory_id)
        return Written(memory_id, "forgotten", current.title, public_id)

    async def read(self, caller: Caller, public_id: str) -> Memory:
        """The memory ``public_id`` names, when the caller's scope sees it."""
        require(caller.grant, Action.RECALL)
        memory_id = await self._row(public_id)
        async with self.store.connect() as conn:
            found = await memory.read(conn, caller.scope, memory_id)
        if found is None:
            raise _not_found(public_id)
        return found

    async def list(
        self,
        caller: Caller,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 50,
        as_of: datetime | None = None,
    ) -> builtins.list[Memory]:
        """The memories in scope, pinned first, then the most recently created first; with
        ``as_of``, the ones believed then, as they read then (newest first by when each
        became true)."""
        if as_of is None:
            return (await self.page(caller, types=types, classes=classes, limit=limit))[0]
        return (await self.page_as_of(caller, as_of, types=types, classes=classes, limit=limit))[0]

    async def page_as_of(
        self,
        caller: Caller,
        as_of: datetime,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 50,
        after: memory.BelievedPosition | None = None,
    ) -> tuple[builtins.list[Memory], memory.BelievedPosition | None]:
        """One page of :meth:`list` ``as_of`` a time: its memories and the position the
        next page starts after (None on the last page)."""
        require(caller.grant, Action.RECALL)
        async with self.store.connect() as conn:
            found = await memory.believed(
                conn,
                caller.scope,
                _moment(as_of),
                types=_choices("type", types, MEMORY_TYPES),
                classes=_choices("class", classes, MEMORY_CLASSES),
                limit=_limit(limit) + 1,
                after=after,
            )
        if len(found) <= limit:
            return found, None
        last = found[limit - 1]
        return found[:limit], (last.pinned, last.updated_at, last.id)

    async def page(
        self,
        caller: Caller,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 50,
        narrowing: memory.Narrowing | None = None,
        after: memory.Position | None = None,
    ) -> tuple[builtins.list[Memory], memory.Position | None]:
        """One page of :meth:`list`: its memories and the position the next page starts
        after (None on the last page)."""
        require(caller.grant, Action.RECALL)
        async with self.store.connect() as conn:
            found = await memory.listed(
                conn,
                caller.scope,
                types=_choices("type", types, MEMORY_TYPES),
                classes=_choices("class", classes, MEMORY_CLASSES),
                limit=_limit(limit) + 1,
                narrowing=narrowing or memory.Narrowing(),
                after=after,
            )
        if len(found) <= limit:
            return found, None
        last = found[limit - 1]
        return found[:limit], (int(last.pinned), last.id)

    async def search(
        self,
        caller: Caller,
        query: str,
        *,
        types: Collection[str] = (),
        classes: Collection[str] = (),
        limit: int = 10,
        as_of: datetime | None = None,
    ) -> builtins.list[Memory]:
        """The memories of :meth:`ranked`, best first."""
        where = SearchFilter(types=types, classes=classes, limit=limit)
        return (await self.ranked(caller, query, where, as_of=as_of)).memories

    async def ranked(
        self,
        caller: Caller,
        query: str,
        where: SearchFilter,
        *,
        mode: Mode | None = None,
        as_of: datetime | None = None,
    ) -> Ranking:
        """Search in scope, best first, ranked as ``mode`` asks (:mod:`daemon.recall.hybrid`)
        with ``where``'s filters, and the mode that ran; with ``as_of``, by keywords among
        what the scope believed then (:func:`daemon.store.memory.search_as_of`), filtered by
        type and class only (a time or session filter with it is refused ``invalid``)."""
        require(caller.grant, Action.RECALL)
        if not query.strip():
            raise ToolRefused("invalid", "query must hold at least one word")
        text = storable(query[:MAX_QUERY_CHARS])
        checked = replace(
            where,
            types=_choices("type", where.types, MEMORY_TYPES),
            classes=_choices("class", where.classes, MEMORY_CLASSES),
            limit=_limit(where.limit),
        )
        if as_of is None:
            return await self.recall.ranked(text, caller.scope, checked, mode=mode)
        if any(checked.shape()):
            raise ToolRefused("invalid", "an as_of search filters by type and class only")
        async with self.store.connect() as conn:
            found = await memory.search_as_of(
                conn,
                text,
                caller.scope,
                _moment(as_of),
                types=checked.types,
                classes=checked.classes,
                limit=checked.limit,
            )
        return Ranking(found, "keyword", None if mode == "keyword" else "as_of")

    async def history(self, caller: Caller, public_id: str) -> dict[str, Any]:
        """The timeline of a memory the caller's scope sees (tombstoned or superseded too):
        each content it had with when it was true, what replaced it, who and why, and the
        changes of its history (who, what, why, when). Another scope's is not found."""
        require(caller.grant, Action.RECALL)
        memory_id = await self._row(public_id)
        async with self.store.connect() as conn:
            found = await memory.timeline(conn, memory_id, caller.scope)
        if found is None:
            raise _not_found(public_id)
        ids = await self.ids()
        if found.hidden:
            log.warning("tools.versions_hidden", memory_id=memory_id, hidden=found.hidden)
        return {
            "id": public_id,
            "versions": [_version(v, caller.scope.user, ids) for v in found.versions],
            "changes": [
                {
                    "at": c.at.isoformat(),
                    "action": c.action,
                    "actor": c.actor,
                    "actor_id": c.actor_id,
                    "reason": c.reason,
                }
                for c in found.changes
            ],
            "hidden": found.hidden,
            "source": None if found.source is None else _source(found.source),
        }

    async def restore(self, caller: Caller, public_id: str) -> Written:
        """Bring back a memory the caller's scope forgot (a tombstone still kept), with its
        id, through the restore guards (a live duplicate or a directive is refused). A live
        memory is ``not_forgotten``; another scope's or a purged one is not found."""
        require(caller.grant, Action.WRITE)
        memory_id = await self._row(public_id)
        async with self.store.begin() as conn:
            found = await memory.timeline(conn, memory_id, caller.scope)
            if found is None or found.source is None:
                raise _not_found(public_id)
            current = found.versions[-1] if found.versions else None
            if current is None or current.current:
                raise ToolRefused(
                    "not_forgotten", f"memory {public_id} is not forgotten", memory=public_id
                )
            try:
                done = await memory.restore(
                    conn, memory_id, prov=self._provenance(caller, None), now=self.clock.now()
                )
            except WriteRefused as exc:
                raise _refused(exc.refused, public_id) from exc
        if not done:
            raise _not_found(public_id)
        log.info("tools.restored", key_id=caller.grant.key_id, memory_id=memory_id)
        return Written(memory_id, "restored", current.memory.title, public_id)

    async def injection_block(self, caller: Caller, query: str | None = None) -> InjectionBlock:
        """The "# Memories" block for the start of a session in scope."""
        require(caller.grant, Action.RECALL)
        return await self.recall.injection_block(
            caller.scope, storable(query[:MAX_QUERY_CHARS]) if query else None
        )

    async def ids(self) -> IdCodec:
        """The opaque ids of this store's install (:mod:`daemon.base.opaque`)."""
        return await id_codec(self.store)

    async def answer(self, caller: Caller, found: Memory) -> dict[str, Any]:
        """``found`` as the caller is answered it: its JSON with its opaque ``id``, its
        ``author`` (whose voice it speaks in for the caller's user) and, for another writer's
        text, ``quoted``."""
        return answer(found, caller.scope.user, await self.ids())

    async def _public(self, row_id: int) -> str:
        return (await self.ids()).encode(row_id)

    async def _row(self, public_id: str) -> int:
        """The row id an opaque id names; one that names none is not found."""
        row_id = (await self.ids()).decode(public_id) if isinstance(public_id, str) else None
        if row_id is None:
            raise _not_found(public_id)
        return row_id

    async def _target(
        self, conn: Connection, caller: Caller, memory_id: int, public_id: str
    ) -> Memory:
        found = await memory.read(conn, caller.scope, memory_id)
        if found is None:
            raise _not_found(public_id)
        if found.pinned:
            raise ToolRefused(
                "pinned", f"memory {public_id} is pinned by an operator: it stays as it is"
            )
        return found
