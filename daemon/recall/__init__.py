"""Recall for agent hosts: ranked search, the manifest and the "# Memories" injection block.

The public API is re-exported here; see :class:`Recall` for an example.
"""

from daemon.base.scope import ScopeKey
from daemon.recall.fingerprint import fingerprint
from daemon.recall.injection import InjectionBlock, InjectionOptions, build_injection_block
from daemon.recall.manifest import Manifest, build_manifest
from daemon.recall.reader import Recall
from daemon.store.memory import Memory, SearchFilter, mark_surfaced
from daemon.store.memory import search as search_memories

__all__ = [
    "InjectionBlock",
    "InjectionOptions",
    "Manifest",
    "Memory",
    "Recall",
    "ScopeKey",
    "SearchFilter",
    "build_injection_block",
    "build_manifest",
    "fingerprint",
    "mark_surfaced",
    "search_memories",
]
