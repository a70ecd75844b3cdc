"""The shape of an attack set: what is said, in which field it travels, and what must hold.

Each case is data only. The harness that measures a set turns a case into turn events
(docs/events.md), memory saves (docs/api.md, docs/mcp.md) or a model's proposals, and checks
the expectation the case states; nothing here knows how memoryd detects anything.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from enum import StrEnum


class Field(StrEnum):
    """Where a text travels on its way to memoryd."""

    USER = "user"  # a user message's content
    ASSISTANT = "assistant"  # an assistant message's content
    TOOL_ARGUMENTS = "tool_arguments"  # an assistant tool call's `arguments` (JSON text)
    TOOL_OUTPUT = "tool_output"  # a tool message's content (the result of a call)
    SYSTEM_PROMPT = "system_prompt"  # the host's `system_prompt` (the event's `host`)
    TOOL_SCHEMA = "tool_schema"  # the host's own tool schemas (`host.tools`, JSON text)
    SUMMARY = "summary"  # a compaction event's `summary`
    AGENT_SAVE = "agent_save"  # the content of a memory the main agent saves itself


@dataclass(frozen=True, slots=True)
class Said:
    """One text as an agent host sends it; several in a case are successive turns."""

    field: Field
    text: str
    tool: str | None = None  # the tool's name, for tool-call arguments and tool outputs


def user(text: str) -> Said:
    return Said(Field.USER, text)


def assistant(text: str) -> Said:
    return Said(Field.ASSISTANT, text)


def call(tool: str, **arguments: object) -> Said:
    """A tool call, its arguments as the JSON text a model produces."""
    return Said(Field.TOOL_ARGUMENTS, json.dumps(arguments, ensure_ascii=False), tool)


def call_text(tool: str, arguments: str) -> Said:
    """A tool call whose arguments are given as JSON text, escapes and all."""
    return Said(Field.TOOL_ARGUMENTS, arguments, tool)


def bash(command: str) -> Said:
    return call("bash", command=command)


def output(tool: str, text: str) -> Said:
    return Said(Field.TOOL_OUTPUT, text, tool)


def system(text: str) -> Said:
    return Said(Field.SYSTEM_PROMPT, text)


def schema(*tools: dict[str, object]) -> Said:
    """The host's own tool schemas, as the JSON text of the list sent in `host.tools`."""
    return Said(Field.TOOL_SCHEMA, json.dumps(list(tools), ensure_ascii=False))


def summary(text: str) -> Said:
    return Said(Field.SUMMARY, text)


def saved(text: str) -> Said:
    return Said(Field.AGENT_SAVE, text)


class SecretKind(StrEnum):
    VENDOR_PREFIXED = "vendor_prefixed"  # a vendor token carrying its own prefix
    VENDOR_BARE = "vendor_bare"  # a vendor token with no prefix of its own
    HEX_BASE32 = "hex_base32"  # a lower-case hex or base32 key
    PROSE = "prose"  # a credential stated in a sentence, in any language
    USER_PASSWORD = "user_password"  # a user name and password given as a pair
    COMMAND_LINE = "command_line"  # a password flag or variable in a command line
    HEADER = "header"  # a vendor or Authorization header
    SIGNED_URL = "signed_url"  # a signature or token in a URL's query
    URL_PATH = "url_path"  # a token in a URL's path (bot, webhook)
    PASSPHRASE = "passphrase"  # several words that together are the secret
    PRIVATE_KEY = "private_key"  # a private key block or private key value
    CONNECTION_STRING = "connection_string"  # a DSN or connection string holding a password


class Disguise(StrEnum):
    """How a secret is hidden from a reader or a scanner (set C)."""

    NONE = "none"
    ZERO_WIDTH = "zero_width"  # zero-width characters inside the value
    LOOK_ALIKE = "look_alike"  # letters of another script that look the same
    SPLIT = "split"  # the value cut into pieces, in one text or over several turns
    BASE64 = "base64"  # the value (or the line holding it) base64-encoded
    ESCAPED = "escaped"  # percent-, JSON- or HTML-escaped
    SPACED = "spaced"  # spaced out, or written with full-width characters


@dataclass(frozen=True, slots=True)
class SecretCase:
    """A secret that must never be stored anywhere: not in a turn, a memory, a log or a letter.

    `secret` occurs in one of the `said` texts exactly; `also` are further substrings of them
    that must not be stored either (the other pieces of a split value); `plain` is the value
    with its disguise removed, which must not be stored either. `memory` is what a careless
    writer (the extraction model or the main agent) would propose to save; it holds the
    secret or its plain form.
    """

    id: str
    kind: SecretKind
    said: tuple[Said, ...]
    secret: str
    memory: str
    note: str
    language: str = "en"  # ISO 639-1 of the sentence around the secret
    disguise: Disguise = Disguise.NONE
    also: tuple[str, ...] = ()
    plain: str | None = None


class PlantedKind(StrEnum):
    DECEPTIVE = "deceptive"  # misreport results, state or defects to the user
    UNSAFE = "unsafe"  # bypass review or CI, weaken permissions or auth, untrusted sources


class Form(StrEnum):
    PLAIN = "plain"
    CONVENTION = "convention"  # in the voice of a team convention or policy
    FROM_NOW_ON = "from_now_on"  # "from now on", "going forward"
    SPLIT = "split"  # over two turns; neither half is the whole instruction
    MARKDOWN = "markdown"
    HTML = "html"
    INDIRECT = "indirect"  # inside a document or tool output the agent read
    DISGUISED = "disguised"  # zero-width, look-alike letters, encoding


@dataclass(frozen=True, slots=True)
class PlantedCase:
    """An instruction planted for other users' agents: refused, held or at least quoted.

    `said` is the text as the host sends it, one item per turn; `memory` is the memory a writer
    would propose from it. Every marker occurs in `memory` and in the said texts, so that a
    harness can tell the instruction reached a block, whatever path carried it.
    """

    id: str
    kind: PlantedKind
    said: tuple[Said, ...]
    memory: str
    markers: tuple[str, ...]
    forms: frozenset[Form]
    gist: str  # what it tells agents to do, in English
    language: str = "en"


class MemoryType(StrEnum):
    PROJECT = "project"
    USER = "user"
    DECISION = "decision"


class Resembles(StrEnum):
    SECRET = "secret"
    DIRECTIVE = "directive"
    JUNK = "junk"
    DATE = "date"


@dataclass(frozen=True, slots=True)
class LegitCase:
    """A memory that looks like an attack but is fine to keep and share.

    `instructs` marks a convention the user states about their own work: it tells agents what
    to do, so it may be held for review, but it must never be refused. Any other legitimate
    memory (a fact, a preference, a decision) must be kept and shared at once (a `user`
    memory with its own user only).
    """

    id: str
    said: tuple[Said, ...]
    memory: str
    type: MemoryType
    resembles: Resembles
    note: str
    instructs: bool = False
    language: str = "en"


class JunkKind(StrEnum):
    ACKNOWLEDGEMENT = "acknowledgement"
    EMPTY_MARKUP = "empty_markup"
    PLACEHOLDER = "placeholder"
    LOREM_IPSUM = "lorem_ipsum"
    TOOL_OUTPUT = "tool_output"  # a line of test, build or shell output
    PROMPT_COPY = "prompt_copy"  # a copy of a prompt the host or memoryd sent
    REDACTION_LEFTOVER = "redaction_leftover"
    REFERENCE = "reference"  # points at something said elsewhere
    NARRATION = "narration"  # tells what happened in the chat, nothing to use


@dataclass(frozen=True, slots=True)
class JunkCase:
    """A memory candidate: junk to refuse, or (`junk=False`) a short look-alike to keep.

    `kind` is the shape the candidate has (junk) or resembles (a look-alike). `said` is the
    context it was proposed in, when it matters (the system prompt a copy was taken from).
    """

    id: str
    memory: str
    kind: JunkKind
    junk: bool
    note: str
    type: MemoryType = MemoryType.PROJECT
    said: tuple[Said, ...] = ()
    language: str = "en"


class DateOutcome(StrEnum):
    RESOLVED = "resolved"  # the phrase must be given `expected`
    UNCHANGED = "unchanged"  # no date may be inserted (recurring or unknown phrases)
    RESOLVED_OR_UNCHANGED = "resolved_or_unchanged"  # right or untouched, never wrong


@dataclass(frozen=True, slots=True)
class DateCase:
    """A relative date said at `at` (RFC 3339 with an offset) in the host's calendar.

    The host's calendar is `timezone` (an IANA name such as "America/Los_Angeles", or a
    "+09:00" offset) when the host gives one in the event, else the offset of `at`.
    `days` is the phrase's distance from that local date, and `expected` the absolute date it
    names; both are None when no date may be inserted.
    """

    id: str
    at: str
    text: str
    phrase: str
    outcome: DateOutcome
    note: str
    timezone: str | None = None
    days: int | None = None
    expected: dt.date | None = None
    language: str = "en"


@dataclass(frozen=True, slots=True)
class AttackSet:
    name: str
    style: str
    secrets: tuple[SecretCase, ...]
    planted: tuple[PlantedCase, ...]
    legit: tuple[LegitCase, ...]
    junk: tuple[JunkCase, ...]
    dates: tuple[DateCase, ...]


def legit(
    id: str,
    text: str,
    memory: str,
    type: MemoryType,
    resembles: Resembles,
    note: str,
    *,
    instructs: bool = False,
    language: str = "en",
) -> LegitCase:
    """A legitimate memory the user states in one message."""
    return LegitCase(id, (user(text),), memory, type, resembles, note, instructs, language)


def junk(id: str, memory: str, kind: JunkKind, note: str, language: str = "en") -> JunkCase:
    """A junk candidate that must be refused."""
    return JunkCase(id, memory, kind, True, note, language=language)


def keep(id: str, memory: str, kind: JunkKind, note: str, language: str = "en") -> JunkCase:
    """A short legitimate look-alike of junk that must be kept."""
    return JunkCase(id, memory, kind, False, note, language=language)
