"""Recall for agent hosts: ranked search, the manifest and the "# Memories" injection block.

The public API is re-exported here; see :class:`Recall` for an example.
"""

from daemon.base.scope import ScopeKey
from daemon.recall.fingerprint import fingerprint
from daemon.recall.injection import InjectionBlock, InjectionOptions
from daemon.recall.manifest import Manifest
from daemon.recall.reader import Recall
from daemon.store.memory import Memory, SearchFilter, mark_surfaced

__all__ = [
    "InjectionBlock",
    "InjectionOptions",
    "Manifest",
    "Memory",
    "Recall",
    "ScopeKey",
    "SearchFilter",
    "fingerprint",
    "mark_surfaced",
]
