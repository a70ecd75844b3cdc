"""The system prompt of a session: the host's own prompt, then memoryd's "# Memories" block,
built once per session and frozen.

The block (``GET /v1/recall/injection``) is asked for once, with the session's first request
as its query, so that it also holds up to 3 windows of earlier sessions relevant to it
(``## From Earlier Sessions``: session recall) and leaves out the current session's own.
It is then kept, with its fingerprint, for the rest of the session: the system prompt does
not change from call to call, and the provider's prompt cache holds. A block that could not
be read is asked for again on the next call (the prompt goes without it meanwhile).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import httpx2


@dataclass(frozen=True, slots=True)
class MemoryBlock:
    """memoryd's injection block and its fingerprint (which changes exactly when the text
    does)."""

    text: str
    fingerprint: str


class MemoryBlockSource(Protocol):
    async def block(self, session_id: str, query: str | None) -> MemoryBlock:
        """The block for the start of ``session_id``, matching ``query`` first."""
        ...


class HttpMemoryBlocks:
    """The block from memoryd's HTTP API; ``client`` carries the base URL and the key."""

    def __init__(
        self,
        client: httpx2.AsyncClient,
        *,
        max_memories: int = 6,
        project: str | None = None,
        user: str | None = None,
        tenant: str | None = None,
    ) -> None:
        self.client = client
        self.params: dict[str, Any] = {"max_memories": max_memories}
        for name, value in (("project", project), ("user", user), ("tenant", tenant)):
            if value:
                self.params[name] = value

    async def block(self, session_id: str, query: str | None) -> MemoryBlock:
        params = {**self.params, "session": session_id}
        if query:
            params["query"] = query[:2000]
        response = await self.client.get("/v1/recall/injection", params=params)
        response.raise_for_status()
        body = response.json()
        return MemoryBlock(str(body.get("text") or ""), str(body.get("fingerprint") or ""))


class StaticMemoryBlocks:
    """One block for every session (tests); counts and keeps the requests."""

    def __init__(self, block: MemoryBlock) -> None:
        self.value = block
        self.requests: list[tuple[str, str | None]] = []

    async def block(self, session_id: str, query: str | None) -> MemoryBlock:
        self.requests.append((session_id, query))
        return self.value


class SystemPrompt:
    """The host's prompt plus the frozen block of one session (see the module)."""

    def __init__(self, base: str, source: MemoryBlockSource | None, session_id: str) -> None:
        self.base = base
        self.source = source
        self.session_id = session_id
        self.frozen: MemoryBlock | None = None

    @property
    def fingerprint(self) -> str | None:
        """The frozen block's fingerprint (None until it is built)."""
        return None if self.frozen is None else self.frozen.fingerprint

    async def render(self, query: str | None = None) -> str:
        """The system prompt; the first successful call builds the block with ``query``
        (the session's first request), later calls reuse it whatever their query."""
        if self.frozen is None and self.source is not None:
            try:
                self.frozen = await self.source.block(self.session_id, query)
            except (httpx2.HTTPError, ValueError):
                return self.base
        if self.frozen is None or not self.frozen.text.strip():
            return self.base
        return (
            f"{self.base.rstrip()}\n\n{self.frozen.text.strip()}" if self.base else self.frozen.text
        )
