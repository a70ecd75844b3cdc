"""Remembering what was found of a message by the message's identity, so that a pipeline run
before every model call does its work on what is new since the previous call.

A host's history is the previous call's output plus the new messages, and every stage shares
an unchanged message with its input (it never changes one in place), so the same dictionaries
come back call after call. :class:`IdentityMemo` keeps a value for a message together with a
reference to the message (an identity can be reused only once its object is gone) and with
the content and tool calls it had (a message whose ``content`` or ``tool_calls`` is replaced
in place is found again as a new one). A host must otherwise not change a message in place:
it passes a new dictionary.

Entries are kept in two generations: once the newer one holds ``limit`` entries it becomes
the older one and the oldest are forgotten, so a memo holds about as many entries as the
conversations it sees, whatever their length (:meth:`IdentityMemo.expect` raises the limit
for a longer one). What a memo returns is always what computing it again would give, so a
memo changes no output, only the time it takes.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Generic, NamedTuple, TypeVar

Value = TypeVar("Value")
_MINIMUM_LIMIT = 1024
_CONTENT = operator.methodcaller("get", "content")
_CALLS = operator.methodcaller("get", "tool_calls")
_DICT_GET: Callable[[Any, str], Any] = dict.get
_Entry = tuple[Mapping[str, Any], Any, Any, Value]
"""A message, its content and tool calls when the value was put, and the value."""


def _same(entry: _Entry[Any], message: Mapping[str, Any]) -> bool:
    """Whether ``entry`` was put for ``message`` as it is now."""
    return (
        entry[0] is message
        and entry[1] is message.get("content")
        and entry[2] is message.get("tool_calls")
    )


class Shape(NamedTuple):
    """A list of messages as :func:`shared` compares it: the messages, their contents and
    their tool calls."""

    messages: list[Mapping[str, Any]]
    contents: list[Any]
    calls: list[Any]


EMPTY = Shape([], [], [])


class IdentityMemo(Generic[Value]):
    """Values of messages, by the messages' identity (see the module)."""

    def __init__(self, limit: int = _MINIMUM_LIMIT) -> None:
        self._limit = max(limit, 1)
        self._newer: dict[int, _Entry[Value]] = {}
        self._older: dict[int, _Entry[Value]] = {}

    def __len__(self) -> int:
        return len(self._newer) + len(self._older)

    def expect(self, messages: int) -> None:
        """Keep room for a conversation of ``messages`` messages in each generation."""
        self._limit = max(self._limit, 2 * messages + 64)

    def get(self, message: Mapping[str, Any], default: Value) -> Value:
        """What was put for ``message`` (the same object with the same content), else
        ``default``."""
        key = id(message)
        entry = self._newer.get(key)
        if entry is None:
            entry = self._older.get(key)
            if entry is None:
                return default
            if _same(entry, message):
                self._store(key, entry)  # seen again: kept with the newer generation
        return entry[3] if _same(entry, message) else default

    def values(self, messages: Sequence[Mapping[str, Any]], default: Value) -> list[Value]:
        """What was put for each of ``messages`` (``default`` for one not known): the same as
        :meth:`get` on each, in one pass."""
        newer = self._newer
        found: list[Value] = []
        append = found.append
        for message in messages:
            entry = newer.get(id(message))
            if (  # _same, inlined: this loop runs over every message of every call
                entry is not None
                and entry[0] is message
                and entry[1] is message.get("content")
                and entry[2] is message.get("tool_calls")
            ):
                append(entry[3])
            else:
                append(self.get(message, default))
        return found

    def put(self, message: Mapping[str, Any], value: Value) -> Value:
        """Remember ``value`` for ``message``; returns it."""
        entry = (message, message.get("content"), message.get("tool_calls"), value)
        self._store(id(message), entry)
        return value

    def _store(self, key: int, entry: _Entry[Value]) -> None:
        if key not in self._newer and len(self._newer) >= self._limit:
            self._older = self._newer
            self._newer = {}
        self._newer[key] = entry


def shape(messages: Sequence[Mapping[str, Any]]) -> Shape:
    """The messages, their contents and their tool calls, as three lists (what a count
    depends on, and what changes when a host replaces a message's content in place); built
    and compared at C speed, without an object per message."""
    return Shape(list(messages), *_fields(messages))


def _fields(messages: Sequence[Mapping[str, Any]]) -> tuple[list[Any], list[Any]]:
    """The contents and the tool calls of ``messages``: read with ``dict.get`` itself when
    every message is a dictionary (a third of the time of a method call on each)."""
    try:
        return (
            list(map(_DICT_GET, messages, itertools.repeat("content"))),
            list(map(_DICT_GET, messages, itertools.repeat("tool_calls"))),
        )
    except TypeError:  # a mapping that is no dictionary
        return list(map(_CONTENT, messages)), list(map(_CALLS, messages))


class Shapes:
    """The shapes of the lists one pipeline call sees, each as :func:`shape` gives it.

    Outside a call (:meth:`call`) every list is shaped whole. Within one, no message changes
    in place (the host waits for the call, and no stage changes a message in place), so only
    the first list is read whole; each next one takes the contents and tool calls of the
    first messages it shares with the list shaped before it (the same, or equal, messages)
    from that list's shape, and reads only the rest: a list a stage returns mostly shares its
    input's messages, and its shape then costs a few copies of lists."""

    def __init__(self) -> None:
        self._calling = False
        self._last: Shape | None = None

    @contextmanager
    def call(self) -> Iterator[None]:
        """The scope of one call: the lists shaped in it taken as unchanged until it ends."""
        self._calling, self._last = True, None
        try:
            yield
        finally:
            self._calling, self._last = False, None

    def of(self, messages: Sequence[Mapping[str, Any]]) -> Shape:
        """The shape of ``messages`` (see the class)."""
        if not self._calling:
            return shape(messages)
        last = self._last
        if last is None:
            now = shape(messages)
        else:
            common = common_prefix(last.messages, messages)
            contents, calls = _fields(messages[common:])
            now = Shape(
                list(messages), last.contents[:common] + contents, last.calls[:common] + calls
            )
        self._last = now
        return now


def shared(one: Shape, other: Shape) -> int:
    """How many first messages two lists have in common (each the same, or an equal, message
    with the same or an equal content and tool calls)."""
    return min(
        common_prefix(one.messages, other.messages),
        common_prefix(one.contents, other.contents),
        common_prefix(one.calls, other.calls),
    )


def common_prefix(one: Sequence[Any], other: Sequence[Any]) -> int:
    """How many first items ``one`` and ``other`` have equal (the lists compared by
    halves, at C speed)."""
    low, high = 0, min(len(one), len(other))
    if one[:high] == other[:high]:
        return high
    while low < high:  # one[:low] == other[:low] and one[:high] != other[:high]
        middle = (low + high + 1) // 2
        if one[low:middle] == other[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low
