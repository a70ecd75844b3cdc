"""Why the store declined a write, as a value a caller can act on (not just a log line)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from daemon.base.errors import MemoryRefused


class Reason(StrEnum):
    """The kind of refusal; ``Refused.detail`` says it in words."""

    NOT_FOUND = "not found"  # no such live memory in the writer's scope
    UNCHANGED = "unchanged"  # the write would change nothing
    DUPLICATE = "duplicate"  # a live memory of the scope holds the same content
    TAXONOMY = "taxonomy"  # an unknown type or class
    SCOPE = "scope"  # a user memory without a user in scope
    EMPTY = "empty"  # no content
    SECRET = "secret"  # noqa: S105 (a secret, or the mark of one redacted)
    DIRECTIVE = "directive"  # instructions planted for agents
    SIZE = "size"  # over a size cap
    JUNK = "junk"  # not worth keeping (tool output, chatter)


#: Where a refusal's ``detail`` names the memory it is about (:meth:`Refused.naming`).
MEMORY = "{memory}"


@dataclass(frozen=True, slots=True)
class Refused:
    """A write the store declined, and why (``excerpt``: a short, redacted preview of the
    text the gate refused, when it did; ``field``: where it found it). ``memory_id``: the
    row of the memory it is about (the one that already says it, the one not found), named
    in ``detail`` by :data:`MEMORY` so that each reader names it its own way: an operator by
    its row id, a caller outside the install by its opaque id (row ids tell the install's
    write volume)."""

    reason: Reason
    detail: str = ""
    excerpt: str = field(default="", compare=False, repr=False)
    memory_id: int | None = None
    #: The field of the write the refusal is about (``content``, ``title``), when one is.
    field: str = field(default="", compare=False)

    def naming(self, memory: str) -> str:
        """The detail with its memory called ``memory`` (such as ``memory m_x2…``)."""
        return (self.detail or str(self.reason)).replace(MEMORY, memory)

    def __str__(self) -> str:
        return self.naming(f"memory {self.memory_id}")


class WriteRefused(MemoryRefused):
    """A memory write failed a guard (``refused`` says which)."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(str(refused))
        self.refused = refused
