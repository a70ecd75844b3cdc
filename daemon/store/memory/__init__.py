"""Memories, their history and their superseded versions: the only code that reads or writes
``memories``, ``memory_history`` and ``memory_versions``.

Reads
    :func:`search` (ranked full-text search in a scope), :func:`nearest` (the scope's
    memories nearest in meaning to a vector) and :func:`has_vectors`, :func:`believed` and
    :func:`search_as_of` (what a scope believed at a time), :func:`timeline` (a memory's
    superseded versions and changes), :func:`candidates` (the newest
    memories of each :class:`Section`, for the injection block), :func:`manifest_rows` (the
    manifest's memories, for recall and the extraction agent alike), :func:`read`,
    :func:`listed` (a scope's memories, for the main agent's tools), :func:`list_rows`
    and :func:`row_with_history` (operators), :func:`export_batch`.
    Every read returns :class:`Memory` (or plain rows for operators' tables).

Writes
    :func:`save` (the only write of a memory's content, create or update: screened by the
    gate, :mod:`daemon.gate`), :func:`delete` (in a scope), :func:`set_pinned`,
    :func:`forget`, :func:`restore`, :func:`purge` (by id), :func:`place` (imports, with
    the gate's :class:`~daemon.gate.Screened` value), the consolidation
    sweeps (:mod:`~daemon.store.memory.sweeps`), :func:`merge_duplicates`,
    :func:`erase_memories`, :func:`fold_term_counts` (the counts search plans by, summed),
    :func:`fold_changes` (the marks of which transactions changed a project:
    :mod:`~daemon.store.memory.changes`, which the injection block's cache probes),
    :func:`save_or_absorb`, :func:`absorb_rewrite` and :func:`settle`
    (semantic dedup: :mod:`~daemon.store.memory.dedup`), :func:`link_replacement`, and the
    operators' review
    (:func:`approve`, :func:`reject`, :func:`count_pending`:
    :mod:`~daemon.store.memory.review`).
    Each records its ``memory_history`` row through :mod:`~daemon.store.memory.history`
    with its :class:`Provenance` (actor: :class:`Actor`) in the caller's transaction. A
    write that does not happen returns (or, for restores, raises as
    :class:`WriteRefused`) a :class:`Refused` with a typed :class:`Reason`.

Vocabularies: :class:`MemoryType`, :class:`MemoryClass`, :class:`Actor`, :class:`Action`
(``daemon.gate.kinds``).
"""

from daemon.gate.kinds import (
    COMPACTION,
    MEMORY_CLASSES,
    MEMORY_TYPES,
    Action,
    Actor,
    MemoryClass,
    MemoryType,
    Review,
)
from daemon.gate.refusal import Reason, Refused, WriteRefused
from daemon.store.memory.as_of import (
    BelievedPosition,
    Timeline,
    Version,
    believed,
    search_as_of,
    timeline,
)
from daemon.store.memory.bulk import tune
from daemon.store.memory.by_section import Section, candidates
from daemon.store.memory.changes import fold as fold_changes
from daemon.store.memory.dedup import Absorbed, Near, absorb_rewrite, link_replacement, settle
from daemon.store.memory.filters import SearchFilter
from daemon.store.memory.frequency import TermStats
from daemon.store.memory.history import Provenance
from daemon.store.memory.integrity import IntegrityCheck, check_all, resign_batch
from daemon.store.memory.listing import MemoryFilter, export_batch, list_rows, row_with_history
from daemon.store.memory.merge import merge_duplicates
from daemon.store.memory.nearest import has_vectors, nearest
from daemon.store.memory.placement import (
    IMPORTED,
    Placed,
    advance_sequence,
    exported,
    imported,
    place,
    place_version,
)
from daemon.store.memory.reads import (
    MANIFEST_BYTES,
    MANIFEST_LINES,
    Narrowing,
    Position,
    count_all,
    count_visible,
    decisions_of_session,
    listed,
    manifest_rows,
    of_session,
    read,
)
from daemon.store.memory.record import Memory, intact, visible
from daemon.store.memory.review import REJECTED, approve, count_pending, reject
from daemon.store.memory.saving import save, save_or_absorb, screened
from daemon.store.memory.scope_erasure import erase_memories, unlink_sessions
from daemon.store.memory.search import MAX_LIMIT, search
from daemon.store.memory.term_counts import fold as fold_term_counts
from daemon.store.memory.tombstones import find_live_duplicate, purge, restore
from daemon.store.memory.versions import EXPORTED as VERSION_COLUMNS
from daemon.store.memory.versions import prune as prune_versions
from daemon.store.memory.versions import versions_of
from daemon.store.memory.writes import (
    SURFACED_GRAIN,
    delete,
    forget,
    mark_surfaced,
    set_pinned,
)

__all__ = [
    "COMPACTION",
    "IMPORTED",
    "MANIFEST_BYTES",
    "MANIFEST_LINES",
    "MAX_LIMIT",
    "MEMORY_CLASSES",
    "MEMORY_TYPES",
    "REJECTED",
    "SURFACED_GRAIN",
    "VERSION_COLUMNS",
    "Absorbed",
    "Action",
    "Actor",
    "BelievedPosition",
    "IntegrityCheck",
    "Memory",
    "MemoryClass",
    "MemoryFilter",
    "MemoryType",
    "Narrowing",
    "Near",
    "Placed",
    "Position",
    "Provenance",
    "Reason",
    "Refused",
    "Review",
    "SearchFilter",
    "Section",
    "TermStats",
    "Timeline",
    "Version",
    "WriteRefused",
    "absorb_rewrite",
    "advance_sequence",
    "approve",
    "believed",
    "candidates",
    "check_all",
    "count_all",
    "count_pending",
    "count_visible",
    "decisions_of_session",
    "delete",
    "erase_memories",
    "export_batch",
    "exported",
    "find_live_duplicate",
    "fold_changes",
    "fold_term_counts",
    "forget",
    "has_vectors",
    "imported",
    "intact",
    "link_replacement",
    "list_rows",
    "listed",
    "manifest_rows",
    "mark_surfaced",
    "merge_duplicates",
    "nearest",
    "of_session",
    "place",
    "place_version",
    "prune_versions",
    "purge",
    "read",
    "reject",
    "resign_batch",
    "restore",
    "row_with_history",
    "save",
    "save_or_absorb",
    "screened",
    "search",
    "search_as_of",
    "set_pinned",
    "settle",
    "timeline",
    "tune",
    "unlink_sessions",
    "versions_of",
    "visible",
]
