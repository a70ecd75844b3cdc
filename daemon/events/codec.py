"""Turning raw stream payloads into events, and events into payloads.

Decoding is strict and never raises anything but an ``EventError``: the payload must be UTF-8
JSON (RFC 8259: no ``NaN``/``Infinity``, no duplicate keys, no byte order mark) nested at
most ``MAX_DEPTH`` levels. The C parser guards its own recursion (a payload nested 100,000
deep stops it at the interpreter's recursion limit, about 1,000 levels, as a refusal); what
it parsed is then measured level by level, without recursion, against ``MAX_DEPTH``, before
any other code walks it.

Text is first read by jiter, which refuses by itself all that this module refuses
(duplicate keys, ``NaN``, integers over 4,300 digits, the interpreter's own limit) without a
Python call per object; whatever it refuses (including lone surrogate escapes, which it
cannot hold and JSON allows) is read again by the standard parser, whose reason or flaws are
the answer. Both read the same values from every text jiter takes.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import jiter
from pydantic import TypeAdapter, ValidationError

from daemon.base.errors import EventDecodeError, EventTooLarge, EventValidationError
from daemon.events.models import MAX_DEPTH, SCHEMA_VERSION, TurnEvent, identifier_problem

EVENT_FIELD = "event"

_SERIALIZER = TurnEvent.__pydantic_serializer__


def encode_event(event: TurnEvent, *, max_bytes: int) -> bytes:
    """The JSON payload of an event; refuses one over ``max_bytes``. The serializer's own
    bytes (``model_dump_json`` decodes them to a string, which the stream would encode
    again)."""
    payload = _SERIALIZER.to_json(event, exclude_none=True)
    if len(payload) > max_bytes:
        raise EventTooLarge(
            f"event {event.event_id} is {len(payload)} bytes, over the limit of {max_bytes}"
        )
    return payload


def decode_event(payload: bytes | None, *, max_bytes: int) -> TurnEvent:
    """Parse and validate one payload; every failure is an ``EventError`` with a reason."""
    if payload is None:
        raise EventDecodeError(f"the stream entry has no {EVENT_FIELD!r} field")
    if len(payload) > max_bytes:
        raise EventTooLarge(f"{len(payload)} bytes, over the limit of {max_bytes}")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EventDecodeError(f"not UTF-8 text (byte {exc.start})") from exc
    raw = parse_json(text)
    if not isinstance(raw, dict):
        raise EventDecodeError(f"expected a JSON object, got {type(raw).__name__}")
    return validate_event(raw)


def validate_event(raw: Mapping[str, Any]) -> TurnEvent:
    """A mapping as a v1 turn event, or ``EventValidationError`` naming the first bad field."""
    version = raw.get("v")
    if "v" not in raw:
        raise EventValidationError(
            f"v is missing: give the schema version, the integer {SCHEMA_VERSION}"
        )
    if type(version) is not int:
        raise EventValidationError(
            f"v must be the integer {SCHEMA_VERSION}, not {_kind_of(version)}"
        )
    if version != SCHEMA_VERSION:
        raise EventValidationError(
            f"unknown schema version {_brief(version)} (this memoryd reads v{SCHEMA_VERSION})"
        )
    try:
        return TurnEvent.model_validate(raw if type(raw) is dict else dict(raw))
    except ValidationError as exc:
        raise EventValidationError(_first_error(exc)) from exc


#: A batch's events as one list: validated in one call, each as ``TurnEvent`` alone is.
_EVENTS = TypeAdapter(list[TurnEvent])


def validate_all(raws: list[dict[str, Any]]) -> list[TurnEvent] | None:
    """Each of ``raws`` as :func:`validate_event` reads it, in one call of the validator
    (not one per event); None when any is refused, each then judged alone for its reason.
    The model refuses every ``v`` but the integer 1 itself, so what it takes,
    :func:`validate_event` takes."""
    try:
        return _EVENTS.validate_python(raws)
    except ValidationError:
        return None


def _kind_of(value: object) -> str:
    """What a JSON value that should have been an integer is, in the words of JSON."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, float):
        return "a number with a fraction part"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    return "an array" if isinstance(value, list) else "an object"


class Duplicated(dict[str, Any]):
    """An object that named a key twice, kept by ``parse_json(..., flaws=[...])``."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A number too long to read (or NaN, Infinity), kept by ``parse_json(..., flaws=[...])``."""

    reason: str


def parse_json(
    text: str, *, max_depth: int = MAX_DEPTH, flaws: list[Duplicated | Unreadable] | None = None
) -> Any:
    """Strict JSON (see the module's docstring), or ``EventDecodeError`` with the reason.
    ``max_depth`` is ``MAX_DEPTH`` for one event; a batch of events is one level deeper.
    Given a ``flaws`` list, an object with a duplicate key, a number too long to read and
    ``NaN`` or ``Infinity`` are not refused: they are parsed as a :class:`Duplicated` or an
    :class:`Unreadable` and added to the list, so that a batch refuses only the events
    holding them."""
    value = _strict_or_unread(text)
    if value is _UNREAD:
        value = _parse_standard(text, flaws)
    # No text holds more brackets than characters: a batch's body (read with a limit of
    # a million levels) is not scanned twice for them.
    deep = len(text) > max_depth and text.count("[") + text.count("{") > max_depth
    if deep and too_deep(value, max_depth):
        raise EventDecodeError(f"nested deeper than {max_depth} levels")
    return value


#: What :func:`_strict_or_unread` answers for a text it leaves to the standard parser.
_UNREAD = object()

#: The longest integer jiter reads: the interpreter's default limit of digits.
_JITER_DIGITS = 4_300


def _strict_or_unread(text: str) -> Any:
    """The value of ``text`` when jiter reads it (see the module's docstring), else
    ``_UNREAD``. Its recursion guard (about 200 levels) also hands deeper texts over, and
    every text when the interpreter reads fewer digits than jiter does."""
    if 0 < sys.get_int_max_str_digits() < _JITER_DIGITS:
        return _UNREAD
    try:
        return jiter.from_json(
            text.encode(), allow_inf_nan=False, catch_duplicate_keys=True, cache_mode="keys"
        )
    except ValueError:  # UnicodeEncodeError too: a lone surrogate in the text itself
        return _UNREAD


def _parse_standard(text: str, flaws: list[Duplicated | Unreadable] | None) -> Any:
    """``parse_json``'s reading by the standard parser, its refusals and flaws."""
    hooks: dict[str, Any] = {"object_pairs_hook": _object, "parse_constant": _constant}
    if flaws is not None:
        hooks = {"object_pairs_hook": _marking(flaws), "parse_constant": _not_a_number(flaws)}
    marked = 0 if flaws is None else len(flaws)
    try:
        try:
            value = json.loads(text, **hooks)
        except json.JSONDecodeError:
            raise
        except ValueError:
            if flaws is None:
                raise
            # An integer too long to read: parsed again, each integer by a hook that marks
            # the long ones (a Python call per integer, which well-formed bodies are spared).
            del flaws[marked:]
            value = json.loads(text, **hooks, parse_int=_integer(flaws))
    except EventDecodeError:
        raise
    except json.JSONDecodeError as exc:
        raise EventDecodeError(
            f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except ValueError as exc:  # an integer of thousands of digits
        raise EventDecodeError(f"not JSON: {_brief(str(exc).split(':')[0], 80)}") from exc
    except RecursionError as exc:  # the parser's own guard, far deeper than MAX_DEPTH
        raise EventDecodeError(f"nested deeper than {MAX_DEPTH} levels") from exc
    return value


#: JSON's containers, as a tuple: ``isinstance(x, dict | list)`` builds the union at each
#: call, which costs twice the check itself in a loop over every value of a batch.
CONTAINERS = (dict, list)


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a parsed JSON value nests deeper than ``limit`` (a scalar is level 0); level by
    level, without recursion, in time linear in the values it holds."""
    level = [value] if isinstance(value, CONTAINERS) else []
    for _ in range(limit):
        below: list[Any] = []
        for container in level:
            items = container.values() if isinstance(container, dict) else container
            below += [item for item in items if isinstance(item, CONTAINERS)]
        if not below:
            return False
        level = below
    return True


# What the splitter below reads: a whole string (``closed`` unmatched when it runs to the end
# unclosed: its body is read once, not again from each quote inside it; possessive, so the
# regex engine keeps no backtracking state per escape), a run of opening or of closing
# brackets, or a comma.
_TOKEN = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?P<closed>")?|[\[{]+|[\]}]+|,', re.DOTALL)
_OPENER = str.maketrans("]}", "[{")
_BLANKS = " \t\n\r"  # JSON's whitespace, and only that


def array_elements(text: str) -> list[str] | None:
    """The raw text of each element of the JSON array ``text``, or ``None`` when ``text`` is
    not one array (or its strings, brackets and commas are out of order). One pass without
    recursion, in time linear in ``text`` however deep its elements nest; what lies between
    strings, brackets and commas (numbers, literals, colons) is left to parsing each element,
    which is what the split is for."""
    start = text.find("[")
    if start < 0 or text[:start].strip(_BLANKS):
        return None
    elements: list[str] = []
    opened: list[str] = []  # the brackets open, the array's own first
    for match in _TOKEN.finditer(text, start):
        part = match.group()
        if part[0] == '"':
            if match.group("closed") is None:
                return None
        elif part[0] in "[{":
            opened.extend(part)
        elif part == ",":
            if len(opened) == 1:
                if not text[start + 1 : match.start()].strip(_BLANKS):
                    return None  # "[," or ",,"
                elements.append(text[start + 1 : match.start()])
                start = match.start()
        else:  # closing brackets; the array ends when they close as many as are open
            if len(part) > len(opened):
                return None
            if "".join(opened[-len(part) :]) != part[::-1].translate(_OPENER):
                return None
            del opened[-len(part) :]
            if not opened:
                end = match.end() - 1
                last = text[start + 1 : end]
                if last.strip(_BLANKS):
                    elements.append(last)
                elif elements:
                    return None  # "[1,]"
                return None if text[match.end() :].strip(_BLANKS) else elements
    return None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise EventDecodeError(_duplicate(pairs))
    return found


def _duplicate(pairs: list[tuple[str, Any]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            break
        seen.add(key)
    return f"duplicate key {_brief(key)} in an object"


def _marking(found: list[Duplicated | Unreadable]) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        value = dict(pairs)
        if len(value) == len(pairs):
            return value
        marked = Duplicated(value)
        marked.reason = _duplicate(pairs)
        found.append(marked)
        return marked

    return hook


def _integer(found: list[Duplicated | Unreadable]) -> Any:
    def hook(digits: str) -> int | Unreadable:
        try:
            return int(digits)
        except ValueError:  # over the interpreter's limit of digits
            marked = Unreadable(f"a number of {len(digits)} digits, too long to read")
            found.append(marked)
            return marked

    return hook


def _not_a_number(found: list[Duplicated | Unreadable]) -> Any:
    def hook(name: str) -> Unreadable:
        marked = Unreadable(f"{name} is not a JSON number")
        found.append(marked)
        return marked

    return hook


def _constant(name: str) -> Any:
    raise EventDecodeError(f"{name} is not a JSON number")


def _brief(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}..."


# Parts of a pydantic error location that name a type tried in a union, not a field.
_TYPE_TAG = re.compile(r"[\[\](),]|^(str|int|bool|list|dict|none|function-\w+)$")


def _first_error(exc: ValidationError) -> str:
    errors = exc.errors()
    first = errors[0]
    parts = [str(part) for part in first["loc"]]
    where = ".".join(p for p in parts if not _TYPE_TAG.search(p)) or "event"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    message = first["msg"]
    if first["type"] in {"string_pattern_mismatch", "string_unicode"}:
        message = identifier_problem(first.get("input")) or message
    return f"{where}: {message}{more}"
