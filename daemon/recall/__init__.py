"""Recall for agent hosts: ranked search, the manifest and the "# Memories" injection block.

The public API is re-exported here; see :class:`Recall` for an example. Every search is
ranked by keywords, by meaning or both (:class:`HybridSearch`, :class:`Ranking`). Whose voice a
memory reaches a reader in (its own, an operator's, or another writer's quoted report) is
:func:`voice`; :func:`answer` is a memory's JSON with its ``author`` for that reader.
"""

from daemon.base.scope import ScopeKey
from daemon.recall.fingerprint import fingerprint
from daemon.recall.hybrid import MODES, HybridSearch, Mode, Ranking, mode_of
from daemon.recall.injection import InjectionBlock, InjectionOptions
from daemon.recall.manifest import Manifest
from daemon.recall.reader import Recall
from daemon.recall.voice import Voice, Writer, answer, author, framed, voice
from daemon.store.memory import Memory, SearchFilter, mark_surfaced

__all__ = [
    "MODES",
    "HybridSearch",
    "InjectionBlock",
    "InjectionOptions",
    "Manifest",
    "Memory",
    "Mode",
    "Ranking",
    "Recall",
    "ScopeKey",
    "SearchFilter",
    "Voice",
    "Writer",
    "answer",
    "author",
    "fingerprint",
    "framed",
    "mark_surfaced",
    "mode_of",
    "voice",
]
