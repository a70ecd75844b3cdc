"""The naive baseline, for benchmarks: one model call per turn, re-sending the whole
transcript so far, no reductions, answered as one JSON object (like a fork's).

``layout="header_first"`` opens the user message with what changes every call (the turn's
time and the manifest), as a first implementation would; ``"transcript_first"`` puts the
transcript first so that consecutive calls share a prefix the provider can cache. Not for
production: it exists so `./dev bench extract` can compare against it in the same run.
"""

from __future__ import annotations

from typing import Literal

from redis.asyncio import Redis

from daemon.base.clock import Clock
from daemon.base.settings import Settings
from daemon.extraction.base import ExtractionBatch, MemoryReader, Proposal, Usage
from daemon.extraction.llm.answers import apply_answer, parse_answer
from daemon.extraction.llm.client import ModelClient
from daemon.extraction.llm.delta import all_turns
from daemon.extraction.llm.extractor import LLMConfig, manifest_lines
from daemon.extraction.llm.model_errors import RunIncomplete
from daemon.extraction.llm.prompt import (
    GUIDANCE,
    JSON_FORMAT,
    MARK,
    manifest_block,
    scope_line,
)
from daemon.extraction.llm.staging import Staging
from daemon.extraction.llm.transcript import entries, render, stamp

__all__ = ["Layout", "NaiveExtractor", "naive_extractor"]

Layout = Literal["header_first", "transcript_first"]


class NaiveExtractor:
    """One call per new turn with the whole transcript up to it."""

    name = "naive"
    wants_history = True

    def __init__(
        self, client: ModelClient, config: LLMConfig, layout: Layout = "header_first"
    ) -> None:
        self.client = client
        self.config = config
        self.layout = layout

    async def aclose(self) -> None:
        await self.client.client.close()

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        usage = Usage()
        staging = Staging.for_batch(batch, self.config.limits)
        manifest = manifest_block(manifest_lines(await memories.manifest(), staging))
        history = all_turns(batch)
        system = {"role": "system", "content": f"You are a memory extractor.\n\n{GUIDANCE}"}
        for turn in batch.turns:
            shown = [t for t in history if t.turn <= turn.turn]
            transcript = f"<transcript>\n{render(shown, entries(shown))}\n</transcript>"
            header = (
                f"Time of the last turn: {stamp(turn)}. {scope_line(bool(batch.scope.user))}\n"
                f"Memories already saved:\n{manifest}"
            )
            ask = f"Extract from the last turn only (turn {turn.turn}).\n\n{JSON_FORMAT}"
            if self.layout == "header_first":
                content = f"{MARK} {header}\n\n{transcript}\n\n{ask}"
            else:
                content = f"{MARK} Transcript so far:\n{transcript}\n\n{header}\n\n{ask}"
            reply = await self.client.complete(
                [system, {"role": "user", "content": content}], usage
            )
            try:
                operations = parse_answer(reply.content or "")
            except ValueError as exc:
                raise RunIncomplete(f"not a JSON answer: {exc}", usage=usage) from exc
            usage.tool_calls += len(operations)
            apply_answer(operations, staging)
        return Proposal(ops=staging.ops, refusals=staging.refusals, usage=usage)


def naive_extractor(
    settings: Settings, *, layout: Layout, clock: Clock, redis: Redis | None = None
) -> NaiveExtractor:
    """The baseline on the same client, breaker and limits as the LLM extractor."""
    from daemon.extraction.llm import build_llm_extractor

    llm = build_llm_extractor(settings, clock=clock, redis=redis)
    return NaiveExtractor(llm.client, llm.config, layout)
