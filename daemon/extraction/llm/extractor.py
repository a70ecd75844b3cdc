"""The LLM extractor: picks a context mode, runs it, and returns the staged operations.

It never writes: every memory operation the model asks for is checked, staged and returned
in the :class:`Proposal`, with the run's usage and mode; the runner commits them atomically
with the cursor and the run record. A fork that gets no usable answer (one correction
included) hands the batch to delta mode within the same run: mode ``fork>delta``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import structlog

from daemon.extraction.base import (
    ExtractionBatch,
    Memory,
    MemoryReader,
    Proposal,
    Usage,
)
from daemon.extraction.llm.client import ModelClient
from daemon.extraction.llm.delta import delta_messages, run_delta
from daemon.extraction.llm.fork import fork_request, prefix_divergence, prefix_redacted, run_fork
from daemon.extraction.llm.model_errors import ForkUnanswered
from daemon.extraction.llm.staging import Staging
from daemon.extraction.llm.tools import Toolbox, describe
from daemon.gate.screening import Limits
from daemon.store.memory import MANIFEST_BYTES, MANIFEST_LINES

__all__ = ["LLMConfig", "LLMExtractor", "manifest_lines"]

log = structlog.get_logger("memoryd.llm")

Mode = Literal["delta", "fork", "fork>delta"]
MIN_DELTA_CALLS = 2  # a fallback gets at least a turn of reads and a turn of writes


@dataclass(frozen=True, slots=True)
class LLMConfig:
    max_model_calls: int
    limits: Limits
    context_mode: Literal["auto", "delta", "fork"] = "auto"
    context_tokens: int = 12_000
    max_prompt_tokens: int = 100_000


def manifest_lines(views: list[Memory], staging: Staging) -> list[str]:
    """One line per memory of the manifest's rows (recall's), each given its alias; capped
    like recall's manifest at 200 lines and 25 KB."""
    lines: list[str] = []
    size = 0
    for view in views[:MANIFEST_LINES]:
        line = describe(staging.show(view), view, staging.scope.user)
        size += len(line.encode()) + 1
        if size > MANIFEST_BYTES:
            lines.append(f"(manifest capped: {len(views) - len(lines)} more; use memory_search)")
            break
        lines.append(line)
    return lines


class LLMExtractor:
    """Extracts memories with a model through any OpenAI-compatible endpoint."""

    name = "llm"

    def __init__(self, client: ModelClient, config: LLMConfig) -> None:
        self.client = client
        self.config = config

    @property
    def wants_history(self) -> bool:
        """Whether runs should load the session from its start (for fork mode)."""
        return self.config.context_mode != "delta"

    async def aclose(self) -> None:
        await self.client.client.close()

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        usage = Usage()
        staging = Staging.for_batch(batch, self.config.limits)
        manifest = manifest_lines(await memories.manifest(), staging)
        calls = self.config.max_model_calls
        mode: Mode = "delta"
        diverges_at: int | None = None
        if self._may_fork(batch) and batch.host is not None:
            messages, tokens = fork_request(batch, batch.host, manifest)
            if tokens <= self.config.max_prompt_tokens:
                mode = "fork"
                diverges_at = prefix_divergence(batch.host, messages[:-1])
                try:
                    await run_fork(
                        self.client, messages, batch.host, staging, usage, max_calls=calls
                    )
                except ForkUnanswered as exc:
                    mode = "fork>delta"
                    log.info(
                        "llm.fork_fell_back",
                        session_id=batch.session_id,
                        reason=str(exc),
                        model_calls=usage.model_calls,
                    )
        if mode != "fork":
            messages = delta_messages(
                batch, manifest, max_calls=calls, budget_tokens=self.config.context_tokens
            )
            toolbox = Toolbox(memories, staging)
            left = max(MIN_DELTA_CALLS, calls - usage.model_calls)
            await run_delta(self.client, messages, toolbox, usage, max_calls=left)
        log.info(
            "llm.extracted",
            session_id=batch.session_id,
            mode=mode,
            prefix_diverges_at=diverges_at,
            turns=f"{batch.from_turn}-{batch.to_turn}",
            model_calls=usage.model_calls,
            prompt_tokens=usage.prompt_tokens,
            cached_tokens=usage.cached_tokens,
            ops=len(staging.ops),
            refused=len(staging.refusals),
        )
        return Proposal(ops=staging.ops, refusals=staging.refusals, usage=usage, mode=mode)

    def _may_fork(self, batch: ExtractionBatch) -> bool:
        if self.config.context_mode == "delta" or batch.host is None or not batch.history:
            return False
        if not (batch.host.system_prompt or batch.host.tools):
            return False
        if self.config.context_mode == "auto" and prefix_redacted(batch.host):
            # The host's cache holds none of a redacted prefix: delta costs less.
            log.info("llm.fork_skipped", session_id=batch.session_id, reason="host_prefix_redacted")
            return False
        return not any(t.kind == "compaction" for t in (*batch.context, *batch.turns))
