"""Making an event fit to store: text only, secrets redacted, big outputs spilled.

Every field of the event that is stored, logged or sent to a model is redacted here, once:
message contents and tool-call arguments (JSON as it decodes, still valid JSON: see
:mod:`daemon.base.redact_json`), the host's system prompt and tool schemas, the
agent's facts (cwd, branch, mode), the compaction summary, and the identifiers a host may
fill freely (message ids, names, tool-call ids, memory writes). The prepared turn carries a
redacted copy of the event, so that nothing downstream sees a raw value. An identifier that
holds a secret becomes ``redacted-<kind>-<digest>``: the digest keeps a call paired with its
result. It is keyed (HMAC-SHA-256) with a key each :class:`Preparer` draws and never writes,
so that nobody reading the store can test a guessed secret against it; the same identifier
gets the same digest within a process, another in the next one. The event's own keys
(``event_id``, ``session_id``, ``scope``) are kept as sent.

A message is also read after the ones before it in its session: a short reply to a
question for a password or a code loses its value, a tool's short output after a call that
names one too (``… jsonpath='{.data.password}' | base64 -d`` prints the value alone, in the
same turn), and so do the value-shaped tokens of the chat messages after one that names
such a credential (a value given in words that name none: "Dave: 0-4-7-7-1-9"). What a
turn leaves for the session's next one is remembered by the :class:`Preparer` that
prepared it; another process (a dispatcher of the group, the same one restarted) learns it
from the turn's messages as the store holds them, read before preparing
(:meth:`Preparer.unknown`, :meth:`Preparer.recall`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import structlog

from daemon.base.credential_claims import (
    TOKEN,
    TRIM,
    asks_for_value,
    context_values,
    digits_read_out,
    names_a_value,
    reply_values,
    value_like,
)
from daemon.base.redact_json import redact_json, redact_json_text
from daemon.base.redaction import SecretHit, find_secrets, marked, redact
from daemon.base.scope import ScopeKey
from daemon.base.text import storable
from daemon.events.models import (
    AgentFacts,
    FunctionCall,
    HostPrefix,
    MemoryWrite,
    Message,
    ToolCall,
    TurnEvent,
)
from daemon.store.transcripts.prepared import PreparedMessage, PreparedTurn
from daemon.store.transcripts.said_before import Said, SessionTurn
from daemon.store.truncation import Spill, TruncationStore, line_count

_MARKERS = {
    "image_url": "[image]",
    "input_image": "[image]",
    "image": "[image]",
    "input_audio": "[audio]",
    "audio": "[audio]",
}


@dataclass(frozen=True, slots=True)
class SpillPolicy:
    max_lines: int
    max_bytes: int
    preview_lines: int


def flatten(content: str | list[dict[str, Any]] | None) -> str | None:
    """Content parts as text; images and files become markers, never their bytes."""
    if content is None or isinstance(content, str):
        return content
    pieces: list[str] = []
    for part in content:
        kind = str(part.get("type", "?"))
        if kind in {"text", "input_text", "output_text"}:
            pieces.append(str(part.get("text", "")))
        elif kind in {"file", "input_file"}:
            detail = part.get("file") if isinstance(part.get("file"), dict) else part
            name = detail.get("filename") if isinstance(detail, dict) else None
            pieces.append(f"[file: {name}]" if name else "[file]")
        else:
            pieces.append(_MARKERS.get(kind, f"[{kind}]"))
    return "\n".join(pieces)


log = structlog.get_logger("memoryd.dispatcher")

#: The turns prepared, remembered with what each leaves for the session's next turn (the
#: oldest forgotten first): a few hundred bytes each.
_REMEMBERED_TURNS = 10_000
#: The chat messages after one that names a password, a passphrase or a code whose
#: value-shaped tokens are cut (:func:`~daemon.base.credential_claims.context_values`): the
#: answer, a colleague's after it, a correction.
_CONTEXT_MESSAGES = 3
#: The longest of those messages read so, in words: a value handed over in words that name
#: none comes in a short message ("separately. it's 61937# if he asks"); a longer one
#: explains, lists or drafts, and its numbers, ids and versions are no value (set AP: the
#: build numbers, ports and tickets after "I reset my password yesterday"). Of a longer
#: one only digits read out one at a time are cut ("sieben drei null neun eins vier, ich
#: schreib's lieber aus, …").
_CONTEXT_WORDS = 16
CHAT_ROLES = frozenset(("user", "assistant"))
#: How many stored turns, up to the one a turn follows, are read to learn what that one
#: left (:meth:`Preparer.recall`): a named credential's context lasts three chat messages,
#: and a turn holds one or more but for a rare one (a bare ``session_end``).
RECALLED_TURNS = _CONTEXT_MESSAGES


@dataclass(frozen=True, slots=True)
class _Carried:
    """What a session's turn leaves for its next one: whether it ended by asking for a value,
    and how many chat messages are still read as a named credential's context."""

    asked: bool = False
    context: int = 0


_NOTHING = _Carried()


def _context_after(role: str, said: str, context: int) -> int:
    """How many chat messages after ``said`` are still read as a named credential's
    context: three after a chat message that names a password, a passphrase or a code, one
    fewer after any other chat message."""
    if role not in CHAT_ROLES:
        return context
    return _CONTEXT_MESSAGES if names_a_value(said) else max(context - 1, 0)


def _left_by(said: Iterable[Said]) -> _Carried:
    """What the last of ``said`` leave for the turn after them: messages as the store holds
    them, redacted and cut, which is how :meth:`Preparer.prepare` reads each one once it is
    (the rules read its words, the marks of what was cut included, never the values)."""
    asked, context = False, 0
    for role, text in said:
        if text:
            context = _context_after(role, text, context)
        asked = asks_for_value(text) if text else False
    return _Carried(asked, context)


#: The most words a tool's output has when it is a value printed: the value alone, with a
#: label or a line ending at most (a longer one is a listing, a status, a log).
_PRINTED_WORDS = 3
# What a record printed whole holds between its fields (``{"id":"b2a4…","value":4.1}``).
_STRUCTURED = re.compile(r'":|[{}]')


def _prints_a_value(clean: PreparedMessage) -> bool:
    """Whether one of the message's tool calls names a password, a passphrase or a code
    (``kubectl get secret … -o jsonpath='{.data.password}' | base64 -d``, ``vault kv get
    -field=passwort``, ``cat pin.txt``): what it prints may be the value alone."""
    return any(names_a_value(call["function"]["arguments"]) for call in clean.tool_calls or ())


def _printed_values(output: str) -> list[tuple[int, int]]:
    """The value-shaped tokens of a short output of a call that prints a credential (a
    status such as ``ALTER ROLE`` or a count such as ``3`` has none)."""
    tokens = [m for m in TOKEN.finditer(output) if m.group().strip(TRIM)]
    if len(tokens) > _PRINTED_WORDS:
        return []
    spans = []
    for m in tokens:
        bare = m.group().strip(TRIM)
        if value_like(bare, "password") and not _STRUCTURED.search(bare):
            at = m.start() + m.group().find(bare)
            spans.append((at, at + len(bare)))
    return spans


_SHORTEST_SECRET = 14  # a token of a known format is longer, a bare high-entropy one too
_PLAIN = re.compile(r"[A-Za-z0-9_.]*")


@dataclass(slots=True)
class _Counter:
    """Redacts the values of one event, counting the secrets it replaces."""

    digest_key: bytes
    found: int = 0
    in_prefix: int = field(default=0)

    def text(self, value: str) -> str:
        clean, hits = redact(value)
        self.found += hits
        return clean

    def cut(self, value: str, spans: list[tuple[int, int]]) -> str:
        """``value`` with ``spans`` cut as credentials (what a message's place in its session
        says is one: :func:`~daemon.base.credential_claims.reply_values`,
        :func:`~daemon.base.credential_claims.context_values`)."""
        if not spans:
            return value
        self.found += len(spans)
        return marked(value, [SecretHit("credential", a, b) for a, b in spans])

    def optional(self, value: str | None) -> str | None:
        return None if value is None else self.text(value)

    def identifier(self, value: str) -> str:
        if len(value) < _SHORTEST_SECRET and _PLAIN.fullmatch(value):
            return value  # too short for a token, and without the separators phrasings need
        hits = find_secrets(value)
        if not hits:
            return value
        self.found += len(hits)
        sent = value.encode("utf-8", "surrogatepass")
        digest = hmac.new(self.digest_key, sent, hashlib.sha256).hexdigest()[:12]
        return f"redacted-{hits[0].kind}-{digest}"

    def optional_identifier(self, value: str | None) -> str | None:
        return None if value is None else self.identifier(value)

    def json(self, value: Any) -> Any:
        """A JSON value with its strings (keys included) redacted as it decodes."""
        clean, hits = redact_json(value)
        self.found += hits
        return clean

    def encoded(self, value: str) -> str:
        """Text that may be JSON (arguments, a tool's output): redacted as it decodes, and
        still valid JSON when it was."""
        clean, hits = redact_json_text(value)
        self.found += hits
        return clean


def _as_message(message: Message, clean: PreparedMessage) -> Message:
    """``message`` as the event keeps it once redacted: its fields as ``clean`` has them."""
    calls = None
    if message.tool_calls is not None:
        calls = [
            ToolCall.model_construct(
                id=call["id"],
                type=call["type"],
                function=FunctionCall.model_construct(**call["function"]),
            )
            for call in clean.tool_calls or ()
        ]
    return message.model_copy(
        update={
            "id": clean.message_id,
            "content": clean.content,
            "tool_calls": calls,
            "tool_call_id": clean.tool_call_id,
            "name": clean.name,
        }
    )


def _redacted_event(event: TurnEvent, count: _Counter, messages: list[Message]) -> TurnEvent:
    """The event with every free field redacted (``messages`` already are)."""
    update: dict[str, Any] = {"messages": messages}
    if event.host is not None:
        before = count.found
        update["host"] = HostPrefix.model_construct(
            system_prompt=count.optional(event.host.system_prompt),
            tools=None if event.host.tools is None else count.json(event.host.tools),
        )
        count.in_prefix = count.found - before
    if event.agent is not None:
        update["agent"] = AgentFacts.model_construct(
            mode=count.optional(event.agent.mode),
            cwd=count.optional(event.agent.cwd),
            branch=count.optional(event.agent.branch),
        )
    if event.summary is not None:
        update["summary"] = count.text(event.summary)
    if event.memory_writes:
        update["memory_writes"] = [
            MemoryWrite.model_construct(
                tool=count.identifier(w.tool),
                call_id=count.optional_identifier(w.call_id),
                ok=w.ok,
            )
            for w in event.memory_writes
        ]
    if count.found == 0 and all(a is b for a, b in zip(messages, event.messages, strict=True)):
        return event  # nothing held a secret: the event as sent
    return event.model_copy(update=update)


def _in_conversation(
    role: str,
    clean: PreparedMessage,
    count: _Counter,
    asked: bool,
    context: int,
    printing: bool = False,
) -> tuple[PreparedMessage, int]:
    """``clean`` read after what came before it in the session: the value alone after a
    message that asked for it (``asked``), a tool's short output after a call that prints
    a credential (``printing``), the value-shaped tokens of a chat message while a named
    credential's ``context`` lasts; and that context, opened again by a chat message that
    names a password, a passphrase or a code."""
    said = clean.content
    if not said:
        return clean, context
    if asked:
        said = count.cut(said, reply_values(said))
    if printing and role == "tool":
        said = count.cut(said, _printed_values(said))
    if role in CHAT_ROLES and context:  # a value given in words that name none, after one named
        short = len(said.split()) <= _CONTEXT_WORDS
        said = count.cut(said, context_values(said) if short else digits_read_out(said))
    context = _context_after(role, said, context)
    return (clean if said == clean.content else replace(clean, content=said)), context


class Preparer:
    def __init__(self, policy: SpillPolicy) -> None:
        self.policy = policy
        self._digest_key = secrets.token_bytes(32)  # for redacted identifiers; never stored
        # The turns prepared or recalled -> what each leaves for the next: a question for a
        # password or a code at its end, a credential named in its last chat messages. Kept
        # when read, so that a turn prepared again (a batch the store refused, entries read
        # again after an error) is read as it was the first time.
        self._carried: OrderedDict[SessionTurn, _Carried] = OrderedDict()

    def unknown(self, events: Iterable[TurnEvent]) -> list[SessionTurn]:
        """The turns that ``events`` follow whose end this Preparer has not seen (another
        process prepared them, or none did yet): each once, in order, none that an earlier
        event of ``events`` is. What they left is read from the store before ``events`` are
        prepared (:meth:`recall`)."""
        coming: set[SessionTurn] = set()
        missing: dict[SessionTurn, None] = {}
        for event in events:
            scope = ScopeKey.of(event.scope)
            before = (scope, event.session_id, event.turn - 1)
            if event.turn > 0 and before not in self._carried and before not in coming:
                missing[before] = None
            coming.add((scope, event.session_id, event.turn))
        return list(missing)

    def recall(self, turn: SessionTurn, said: Iterable[Said]) -> None:
        """Learn what ``turn`` leaves for its session's next one from the session's last
        messages up to its end, as stored (``said_up_to`` of
        :mod:`daemon.store.transcripts.said_before`: the chat messages of
        :data:`RECALLED_TURNS` turns and the last of each, in order)."""
        self._remember(turn, _left_by(said))

    def prepare(self, event: TurnEvent, entry_id: str = "") -> PreparedTurn:
        """The event as the store will hold it. No I/O: oversized tool outputs are carried as
        spills, written only once the store accepts the event (see ``TruncationStore``)."""
        count = _Counter(self._digest_key)
        spills: list[Spill] = []
        prepared: list[PreparedMessage] = []
        redacted: list[Message] = []
        scope = ScopeKey.of(event.scope)
        carried = self._carried.get((scope, event.session_id, event.turn - 1), _NOTHING)
        asked, context = carried.asked, carried.context
        printing = False  # the calls a tool's output answers print a credential
        for message in event.messages:
            before = count.found
            clean = self._message(message, count)
            clean, context = _in_conversation(message.role, clean, count, asked, context, printing)
            asked = asks_for_value(clean.content) if clean.content else False
            if message.role != "tool":
                printing = _prints_a_value(clean)
            redacted.append(_as_message(message, clean) if count.found > before else message)
            content = clean.content
            if content is not None and message.role == "tool" and self._too_big(content):
                name = TruncationStore.file_name(
                    scope, event.session_id, clean.message_id, event.turn
                )
                spills.append(Spill.of(name, content))
                clean = replace(clean, content=self._notice(spills[-1]))
            prepared.append(clean)
        self._remember((scope, event.session_id, event.turn), _Carried(asked, context))
        safe = _redacted_event(event, count, redacted)
        if count.in_prefix:
            log.warning(
                "prepare.host_prefix_redacted",
                session_id=event.session_id,
                turn=event.turn,
                redactions=count.in_prefix,
            )
        return PreparedTurn(
            event=safe,
            messages=tuple(prepared),
            entry_id=entry_id,
            redactions=count.found,
            spills=tuple(spills),
            prefix_redacted=count.in_prefix > 0,
        )

    def _remember(self, turn: SessionTurn, carried: _Carried) -> None:
        """Keep what the turn leaves for the session's next one, nothing included: a turn
        not remembered is one to read from the store (:meth:`unknown`)."""
        self._carried[turn] = carried
        self._carried.move_to_end(turn)
        if len(self._carried) > _REMEMBERED_TURNS:
            self._carried.popitem(last=False)

    def _message(self, message: Message, count: _Counter) -> PreparedMessage:
        """The message as stored: its content flattened to text, everything redacted."""
        text = flatten(message.content)
        calls = None
        if message.tool_calls:
            calls = [
                {
                    "id": count.identifier(call.id),
                    "type": call.type,
                    "function": {
                        "name": count.identifier(call.function.name),
                        "arguments": count.encoded(storable(call.function.arguments)),
                    },
                }
                for call in message.tool_calls
            ]
        return PreparedMessage(
            message_id=count.identifier(message.id),
            role=message.role,
            content=None if text is None else count.encoded(storable(text)),
            tool_calls=calls,
            tool_call_id=count.optional_identifier(message.tool_call_id),
            name=count.optional_identifier(message.name),
        )

    def _too_big(self, text: str) -> bool:
        """Over the line or byte cap (a char is at least one UTF-8 byte, at most four)."""
        limit = self.policy.max_bytes
        if len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit):
            return True
        return line_count(text) > self.policy.max_lines

    def _notice(self, spill: Spill) -> str:
        preview = "\n".join(
            spill.text.split("\n", self.policy.preview_lines)[: self.policy.preview_lines]
        )
        preview = preview[: 4 * 1024]
        return (
            f"{preview}\n[memoryd: tool output truncated ({spill.lines} lines, "
            f"{spill.bytes} bytes); full output in truncation file {spill.name}]"
        )
