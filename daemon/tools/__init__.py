"""The main agent's memory tools (save, update, forget, read, list, search), bound by a key.

:class:`~daemon.tools.memory.MemoryTools` is the service the MCP server and the HTTP routes
call; :class:`~daemon.tools.memory.Caller` carries the key's grant and the call's scope.
"""

from daemon.tools.memory import REFUSALS, Caller, Memory, MemoryTools, TurnRef, Written, code_of
from daemon.tools.near import SaveEmbedder

__all__ = [
    "REFUSALS",
    "Caller",
    "Memory",
    "MemoryTools",
    "SaveEmbedder",
    "TurnRef",
    "Written",
    "code_of",
]
