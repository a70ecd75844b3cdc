"""What may become a memory: :func:`screen` takes a :class:`Draft` and returns a
:class:`Screened` value (the only thing the store writes as a memory's content) or why not.

A draft is cleaned up (whitespace trimmed, made storable, relative dates resolved against the
turn's time, title derived or shortened) and refused when it breaks the taxonomy or the scope,
is empty, holds a secret, instructions planted for agents, is over a size cap, or is junk
(see :mod:`daemon.gate.substance`). :func:`screen_held` is the rule for text a store already
held (imports, compaction summaries): only a planted directive is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING

from daemon.base.credential_claims import (
    login_values,
    masked,
    names_any_credential,
    paired_login,
    signs_in_with,
)
from daemon.base.credential_talk import room_for_value, value_rooms
from daemon.base.raw_material import replace_spans, union
from daemon.base.redaction import REDACTED, find_secrets, redact
from daemon.base.scope import ScopeKey
from daemon.base.text import storable
from daemon.gate.conventions import instruction
from daemon.gate.copies import Prompts, ToolOutputs
from daemon.gate.dates import LABEL as _DATE_LABEL
from daemon.gate.dates import resolve_relative_dates
from daemon.gate.directives import planted, verdict
from daemon.gate.kinds import MEMORY_CLASSES, MEMORY_TYPES, MemoryClass, MemoryType
from daemon.gate.languages import directive_looking, unread
from daemon.gate.mailboxes import public_mailbox
from daemon.gate.metadata import EMPTY, BadMetadata, Metadata, checked, redacted, secret_in
from daemon.gate.misconduct import misconduct
from daemon.gate.opaque_tokens import unexplained
from daemon.gate.prompt_injection import looks_like_injection, shorten
from daemon.gate.refusal import Reason, Refused
from daemon.gate.statements import not_plain
from daemon.gate.substance import junk_reason
from daemon.gate.unread_facts import judged_as_statement

if TYPE_CHECKING:
    from daemon.base.settings import ExtractionSettings

_SENTENCE_END = re.compile(r"(?<=[.!?])\s|\n")
_PREVIEW_CHARS = 200
_KEY = object()  # only this module makes a Screened value


@dataclass(frozen=True, slots=True)
class Limits:
    """Size caps on what a memory may hold, and whether a memory written from turns that
    talk about credentials is held for review (``hold_credential_talk``)."""

    max_title_chars: int
    max_content_chars: int
    hold_credential_talk: bool = True

    @classmethod
    def from_settings(cls, settings: ExtractionSettings) -> Limits:
        return cls(
            settings.max_title_chars,
            settings.max_content_chars,
            settings.hold_credential_talk,
        )


@dataclass(frozen=True, slots=True)
class Draft:
    """A memory a writer wants stored: what it is about, how long it matters, its title and
    content (an empty title is derived from the content's first sentence). ``at``: the time
    of the turn that said it, in the turn's own time zone (relative dates resolve against its
    local date); ``tools``: the tool outputs of the batch it came from, and ``prompts``: the
    host's prompts known for it (a copy of one is junk), when known; ``credential_talk``:
    what the turns it was written from say of credentials (``the word 'password'``, ``a
    redaction mark``), empty when they say nothing of them or are not known (the main
    agent's own save has none). ``metadata``: the writer's free-form metadata
    (:mod:`daemon.gate.metadata`). ``hold``: why the writer's circumstances hold it for an
    operator whatever it says (a user's memory written where no user owns it), or ""."""

    type: MemoryType | str
    memory_class: MemoryClass | str
    title: str
    content: str
    at: datetime | None = None
    tools: ToolOutputs | None = None
    prompts: Prompts | None = None
    metadata: Metadata | None = None
    credential_talk: str = ""
    hold: str = ""


@dataclass(frozen=True, slots=True)
class Screened:
    """A draft that passed the gate, as it will be stored. Made only by :func:`screen` and
    :func:`screen_held`: the store writes a memory's content from nothing else. ``held``:
    why it waits for an operator before anyone else reads it (written from turns that talk
    about credentials, a directive to agents, or a language the rules do not read), empty
    when it may be shared at once. ``metadata``: the
    draft's metadata, checked (:func:`daemon.gate.metadata.checked`)."""

    type: MemoryType
    memory_class: MemoryClass
    title: str
    content: str
    key: object = field(default=None, repr=False, compare=False)
    held: str = ""
    metadata: Metadata = field(default_factory=lambda: EMPTY)

    def __post_init__(self) -> None:
        if self.key is not _KEY:
            raise TypeError("a Screened value is made only by the gate's screen()")


def preview(text: str) -> str:
    """``text`` redacted, on one line, cut short: what a refusal shows of what it refused."""
    return shorten(" ".join(redact(text)[0].split()), _PREVIEW_CHARS)


def _named(value: str) -> str:
    """A value a refusal names (an unknown type or class), redacted and cut short."""
    return repr(shorten(redact(str(value))[0], 60))


def _first_sentence(content: str) -> str:
    first = _SENTENCE_END.split(content, maxsplit=1)[0]
    if not any(ch.isalnum() for ch in first):  # "... The fact.": the first has no words
        first = content
    return " ".join(first.split()).rstrip(".")


def _refused(kind: Reason, reason: str, excerpt: str) -> Refused:
    return Refused(kind, reason, excerpt=excerpt)


def screen(draft: Draft, scope: ScopeKey, limits: Limits) -> Screened | Refused:
    """The draft cleaned up and ready to store, or why it must not be (``Refused.excerpt``:
    a short, redacted preview of the text refused)."""

    def refuse(reason: str, text: str = "", kind: Reason = Reason.TAXONOMY) -> Refused:
        return _refused(kind, reason, preview(text or draft.content or draft.title))

    if draft.type not in MEMORY_TYPES:
        return refuse(f"unknown type {_named(draft.type)}")
    if draft.memory_class not in MEMORY_CLASSES:
        return refuse(f"unknown class {_named(draft.memory_class)}")
    if draft.type == "user" and not scope.user:
        return refuse("user memory without a user in scope", kind=Reason.SCOPE)
    try:
        metadata = checked(draft.metadata)
    except BadMetadata as exc:
        return Refused(Reason.TAXONOMY, str(exc), field=exc.field)
    if (found := secret_in(metadata)) is not None:
        return Refused(Reason.SECRET, "secret", excerpt=found[1], field=found[0])
    # NUL and lone surrogates (a model's JSON answer can hold them) as U+FFFD: PostgreSQL
    # refuses the first and no encoder takes the second, so the commit would fail on them.
    title, content = storable(" ".join(draft.title.split())), storable(draft.content.strip())
    if not content:
        return refuse("empty content", title, Reason.EMPTY)
    # Each field, and the memory as it is read (the block shows "title: content"): a title
    # that names a credential announces the value its content gives ("Wifi password" and
    # "lanternharbour, all lower case."), though neither field names one alone.
    fields: tuple[tuple[str, str], ...] = (("content", content), ("title", title))
    if (reading := _reading(draft.title, title, content)) is not None:
        fields += (("title and content", reading),)
    # A secret, or the mark a secret redacted at ingestion left: a memory is refused rather
    # than stored with its secret cut out of a sentence that still points at it.
    for name, field_text in fields:
        if REDACTED.search(field_text) or find_secrets(field_text):
            safe = shorten(redact(field_text)[0], limits.max_content_chars)
            return Refused(Reason.SECRET, "secret", excerpt=safe, field=name)
    # A memory that still reads as holding a credential (a credential word and a value, a
    # user / password pair, a passphrase, a key in a URL's path) is refused, the values cut
    # out of what the refusal shows: what redaction missed cannot be stored.
    for name, field_text in fields:
        if (claimed := masked(field_text)) is not None:
            safe = shorten(redact(claimed)[0], limits.max_content_chars)
            return Refused(
                Reason.SECRET, "looks like it holds a credential", excerpt=safe, field=name
            )
    # A shared memory is held to more than redaction: an opaque token nothing names as a
    # public identifier is refused, whatever it is a key of (daemon.gate.opaque_tokens).
    for name, field_text in fields:
        if (marked := unexplained(field_text)) is not None:
            safe = shorten(redact(marked)[0], limits.max_content_chars)
            return Refused(Reason.SECRET, "an opaque token nothing names", excerpt=safe, field=name)
    if excerpt := looks_like_injection(f"{title}\n{content}"):
        return _refused(Reason.DIRECTIVE, "instruction-like content", excerpt)
    said = content  # the dates appended below state nothing of their own
    if draft.at is not None:
        content = resolve_relative_dates(content, draft.at)
        title = _dated_title(title, content, draft.at)
    if len(content) > limits.max_content_chars:
        cap = limits.max_content_chars
        return refuse(f"content over {cap} characters", content, Reason.SIZE)
    title = shorten(title or _first_sentence(content), limits.max_title_chars)
    if junk := junk_reason(title, said, draft.tools, draft.prompts):
        return refuse(junk, kind=Reason.JUNK)
    if reason := verdict(title, content):  # what recall would leave out is never stored
        return refuse(reason, f"{title}\n{content}", Reason.DIRECTIVE)
    if reason := misconduct(f"{title}\n{content}"):
        return refuse(reason, f"{title}\n{content}", Reason.DIRECTIVE)
    kind, cls = MemoryType(draft.type), MemoryClass(draft.memory_class)
    credentials = credential_hold(draft.credential_talk, title, content)
    held = (
        draft.hold
        or (credentials if limits.hold_credential_talk else "")
        or held_for(title, content)
    )
    title, content = _withheld_fields(draft.title, title, content)
    return Screened(kind, cls, title, content, _KEY, held=held, metadata=metadata)


# What joins a title to its content where a memory is read (the injection block's entry).
_READ_AS = ": "


def _reading(given: str, title: str, content: str) -> str | None:
    """The memory as a reader reads it, title then content, when the writer gave a title
    of its own that names a credential (a title taken from the content's first sentence
    says nothing new; one that names no credential announces no value, and read as a label
    it would make a list of lower-case words after it read as a passphrase)."""
    if not given.strip() or content.startswith(title.rstrip(" .…")):
        return None
    if not names_any_credential(REDACTED.sub(" ", title)):  # a mark names no value to come
        return None
    return f"{title}{_READ_AS}{content}"


#: What stands where a memory's room for a credential's value was (:func:`withheld`).
WITHHELD = "[redacted:value]"


def withheld(text: str) -> str:
    """``text`` without what stands where a credential's value may (the rooms
    :func:`credential_hold` holds a memory for: after a credential word's separator,
    before a copula that ends with one, a login's second half): a value no rule recognised
    is not stored, whatever its shape or language, held or shared; the words that name
    the credential stay."""
    rooms = _rooms(text)
    return replace_spans(text, rooms, WITHHELD) if rooms else text


# A room that opens on the mark redaction left: its value was found and taken already.
_OPENS_ON_MARK = re.compile(r"[\s'\"`\u201c\u2018]*" + REDACTED.pattern)


def _rooms(text: str) -> list[tuple[int, int]]:
    """The rooms for a value in ``text``, but those that open on a redaction mark (held
    text, an import or a summary, reaches the gate redacted): what follows the mark there
    is the rest of the clause (``with each call``), not the value."""
    rooms = union([*value_rooms(text), *login_values(text)])
    return [(a, b) for a, b in rooms if not _OPENS_ON_MARK.match(text, a)]


def _withheld_fields(given: str, title: str, content: str) -> tuple[str, str]:
    """:func:`withheld` of the title and the content, read as one where the writer gave a
    title (:func:`_reading`: a room the title opens is in the content); split back at the
    join, which no room crosses but the one the title opens, cut there."""
    reading = _reading(given, title, content)
    if reading is None:
        return withheld(title), withheld(content)
    rooms = _rooms(reading)
    if not rooms:
        return title, content
    cut = len(title) + len(_READ_AS)
    in_title = [(a, min(b, len(title))) for a, b in rooms if a < len(title)]
    in_content = [(max(a, cut) - cut, b - cut) for a, b in rooms if b > cut]
    return (
        replace_spans(title, in_title, WITHHELD) if in_title else title,
        replace_spans(content, in_content, WITHHELD) if in_content else content,
    )


#: Why a user's memory written where no user owns it waits for an operator.
UNOWNED = "a user's memory from a session no user owns: kept as the project's, for an operator"


def owned(draft: Draft, scope: ScopeKey) -> Draft:
    """``draft`` as an extractor may store it in ``scope``: a ``user`` memory from a session
    no user owns has no one to belong to, so it is the project's, held for an operator to
    approve or reject rather than lost (the main agent's own save is refused instead: its
    caller hears ``user_required`` and can fix the call)."""
    if draft.type != "user" or scope.user:
        return draft
    return replace(draft, type="project", hold=UNOWNED)


def credential_hold(talk: str, title: str, content: str) -> str:
    """Why a memory that talks about credentials waits for an operator, or "": written
    from turns that do (``talk``: what they say of them; a writer may have moved the value
    anywhere in its text), or naming one itself where a value may stand that no rule
    recognised (the main agent's save has no source turns): after a separator in the
    credential word's clause ("the password is marigold", "Kennwort: tugboat"), or before
    the word with a copula (:func:`daemon.base.credential_talk.room_for_value`). A memory
    that only says where a credential lives, who owns it or how it is rotated holds no
    value there and is judged as any other. A name paired with a password-like word by a
    slash (``operator / lindenbaum42``), which a branch and a tag can read as too, and a
    sign-in with one (``signs in as viewer, using orchard21``) are held as well."""
    if reason := talked_of_credentials(talk):
        return reason
    text = f"{title}\n{content}"
    if (word := room_for_value(text)) is not None:
        return f"talks about credentials (the word {word!r})"
    if paired_login(text):
        return "pairs a name with a password-like word (user / password)"
    if signs_in_with(text):
        return "says what signs in with a password-like word"
    return ""


def talked_of_credentials(talk: str) -> str:
    """Why a memory written from turns that talk about credentials (``talk``: what they say
    of them) waits for an operator, or "": a secret the rules did not recognise may be in it
    in words that name no credential ("Staging admin uses …"), where the turn it came from
    named one. It is held whatever its own text says: this does not depend on recognising
    the secret."""
    return f"written from turns that talk about credentials ({talk})" if talk else ""


def held_for(title: str, content: str) -> str:
    """Why a memory waits for an operator before it is shared, or "": a directive to agents
    (:mod:`daemon.gate.conventions`), a mailbox at a public provider named in any language
    (:mod:`daemon.gate.mailboxes`), a language the rules do not read or cannot tell
    (:mod:`daemon.gate.languages`: held rather than guessed at, a fact in it as much as an
    instruction, unless it provably holds no value and no directive's shape,
    :mod:`daemon.gate.unread_facts`), or anything else that is not
    a plain statement of fact, preference or decision (:mod:`daemon.gate.statements`): the
    burden is on the memory, so what the rules do not recognize is held, not shared."""
    if reason := instruction(title, content):
        return reason
    text = content if title in content else f"{title}\n{content}"
    if mailbox := public_mailbox(text):
        return f"names a mailbox anyone may open an account at ({mailbox}): where data leaves"
    if (language := unread(text)) and not judged_as_statement(text, language):
        if directive_looking(content, language):
            return f"written in {language}, which the directive rules do not read"
        return f"written in {language}, which the statement rules do not read"
    if reason := not_plain(content if title in content else f"{title}.\n{content}"):
        return f"not a plain statement: {reason}"
    return ""


def screen_held(draft: Draft, *, review: bool = False) -> Screened | Refused:
    """The rule for text a store already held (an import, a compaction summary): kept as it
    is, any size and wording, its secrets replaced by their marks and what stands where a
    credential's value may withheld (:func:`withheld`), unless it holds a
    directive planted for agents (text that shows as nothing included: recall leaves that
    out). ``review``: the text is a host's (a compaction summary), held for an operator as a
    writer's memory is (:func:`held_for`) when it is not a plain statement."""
    if draft.type not in MEMORY_TYPES:
        return Refused(Reason.TAXONOMY, f"unknown type {_named(draft.type)}")
    if draft.memory_class not in MEMORY_CLASSES:
        return Refused(Reason.TAXONOMY, f"unknown class {_named(draft.memory_class)}")
    try:
        metadata = redacted(checked(draft.metadata))
    except BadMetadata as exc:
        return Refused(Reason.TAXONOMY, str(exc), field=exc.field)
    if reason := planted(draft.title, draft.content):
        return _refused(Reason.DIRECTIVE, reason, preview(f"{draft.title}\n{draft.content}"))
    kind, cls = MemoryType(draft.type), MemoryClass(draft.memory_class)
    title, content = redact(draft.title)[0], redact(draft.content)[0]  # never stored as held
    held = held_for(title, content) if review else ""
    title, content = _withheld_held(draft.title, title, content)
    return Screened(kind, cls, title, content, _KEY, held=held, metadata=metadata)


def _withheld_held(given: str, title: str, content: str) -> tuple[str, str]:
    """:func:`_withheld_fields` of held text, a sentence at a time: a summary or an import
    runs to paragraphs, and a value-shaped token is a credential's value only in a sentence
    that names one (``ssh deploy@db1`` three lines below "the password was rotated" is a
    host). The title is read with the first sentence."""
    cuts = [0, *(m.end() for m in _SENTENCE_END.finditer(content)), len(content)]
    parts = [content[a:b] for a, b in pairwise(cuts) if a < b]
    if not parts:
        return withheld(title), content
    title, first = _withheld_fields(given, title, parts[0])
    return title, first + "".join(withheld(part) for part in parts[1:])


def _dated_title(title: str, content: str, at: datetime) -> str:
    """The title with its relative dates resolved, unless that names a date the (resolved)
    content does not: a title is often the content's first words, cut where a phrase loses
    what made it recurring or vague ("… on Monday" of "… on Monday mornings")."""
    dated = resolve_relative_dates(title, at)
    if dated == title:
        return title
    labels = _DATE_LABEL.findall(dated)
    return dated if all(label in content for label in labels) else title
