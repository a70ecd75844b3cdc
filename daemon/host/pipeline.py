"""The context pipeline: every stage, cheapest first, before a model call.

:class:`ContextPipeline` measures the request (system prompt, messages and tool schemas) on
a :class:`~daemon.host.budget.Budget` and runs:

1. **output truncation**, always (it only touches results over the caps, and what it keeps
   of one does not change from call to call);
2. **deduplication** and 3. **pruning**, from the warning level on: both rewrite earlier
   messages, which spoils the provider's prompt cache from that message on, so they wait
   until the room is worth it (pruning further waits for its minimum saving);
4. **compaction** from the compaction level on (:mod:`daemon.host.compaction`);
5. **trimming** of the oldest turn, once per call, at the blocking level, or from the
   compaction level on while the compaction breaker is open;

then **sanitizing**, and the tool schemas' stage (descriptions stripped, tools withheld near
the limit). The pressure is measured again after each stage, so a stage runs only when the
ones before it did not bring the request under its level.

Stages 1 to 3 and sanitizing are injected as :class:`Stages` (each a function from the
messages to the new messages and a :class:`~daemon.host.report.StageReport`), so that each
can be used, replaced or left out alone; a stage left out is skipped, and
:meth:`Stages.standard` gives the kit's own. One pipeline serves
one conversation: it keeps the compaction breaker between calls.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any, Literal

from daemon.base.settings import HostSettings
from daemon.host.breaker import CompactionBreaker
from daemon.host.budget import Budget, Pressure
from daemon.host.compaction import Compacted, Compactor
from daemon.host.dedup import Seen, deduplicate
from daemon.host.protected import ProtectedContext
from daemon.host.pruning import prune
from daemon.host.report import StageReport
from daemon.host.sanitize import Checked, fit_tools, sanitize
from daemon.host.summaries import SummarySource
from daemon.host.summarizer import Summarizer
from daemon.host.tokens import (
    CachedCounter,
    Counter,
    Message,
    cached,
    conversation_tokens,
    estimator,
)
from daemon.host.trimming import trim_oldest_turn
from daemon.host.truncation import OutputStore, Within, truncate_outputs

Tool = dict[str, Any]
Stage = Callable[[list[Message]], tuple[list[Message], StageReport]]
"""A stage on the messages: the new list and what it did."""
ToolsStage = Callable[[list[Tool], float], tuple[list[Tool], StageReport]]
"""The stage on the tool schemas, given the share of the window the request fills."""

Compaction = Literal["summary", "llm", "trimmed", "none"]


@dataclass(frozen=True, slots=True)
class Stages:
    """The stages the pipeline runs besides compaction and trimming; None skips one. A stage
    returns a new list and changes no message in place (the host's list is not copied), and
    its report's ``changed`` says whether it did anything (the request is measured again
    only then)."""

    truncate: Stage | None = None
    deduplicate: Stage | None = None
    prune: Stage | None = None
    sanitize: Stage | None = None
    tools: ToolsStage | None = None
    count: CachedCounter | None = None
    """What the stages count with, when the pipeline may count with it too (one memory of
    each message's tokens, and one call scope: :meth:`CachedCounter.call`)."""

    @classmethod
    def standard(
        cls,
        store: OutputStore,
        settings: HostSettings | None = None,
        *,
        budget: Budget | None = None,
        count: Counter | None = None,
    ) -> Stages:
        """The kit's own stages with ``settings``: full outputs kept in ``store``, and, given
        the model's ``budget``, no one tool result kept over half of its usable window."""
        chosen = settings or HostSettings()
        counter = cached(count or estimator(chosen.chars_per_token))
        within = Within()
        seen = Seen()
        checked = Checked()

        def truncate(messages: list[Message]) -> tuple[list[Message], StageReport]:
            return truncate_outputs(
                messages, store, chosen, budget=budget, count=counter, within=within
            )

        def deduplicated(messages: list[Message]) -> tuple[list[Message], StageReport]:
            return deduplicate(messages, chosen, count=counter, seen=seen)

        def pruned(messages: list[Message]) -> tuple[list[Message], StageReport]:
            return prune(messages, chosen, count=counter)

        def sanitized(messages: list[Message]) -> tuple[list[Message], StageReport]:
            return sanitize(messages, chosen, count=counter, checked=checked)

        def tools(schemas: list[Tool], share: float) -> tuple[list[Tool], StageReport]:
            fitted, report = fit_tools(schemas, share, chosen, count=counter)
            return [dict(schema) for schema in fitted], report

        return cls(truncate, deduplicated, pruned, sanitized, tools, counter)


@dataclass(frozen=True, slots=True)
class CompactionEvent:
    """What memoryd is told of a compaction (a ``compaction`` turn event's content:
    :func:`daemon.host.publish.compaction_event`)."""

    summary: str
    through_turn: int
    source: Literal["summary", "llm"]
    replaced_messages: int

    def payload(self) -> dict[str, Any]:
        return {
            "kind": "compaction",
            "summary": self.summary,
            "through_turn": self.through_turn,
            "source": self.source,
            "replaced_messages": self.replaced_messages,
        }


@dataclass(frozen=True, slots=True)
class PipelineResult:
    """The request to send, and what each stage did to it."""

    messages: list[Message]
    tools: list[Tool]
    reports: tuple[StageReport, ...]
    compaction: Compaction
    tokens_before: int
    tokens_after: int
    pressure_before: Pressure
    pressure_after: Pressure
    compaction_event: CompactionEvent | None = None
    compacted: Compacted | None = None
    """The compaction's outcome, when it ran (its ``position`` maps a host's cursor)."""

    @property
    def saved(self) -> int:
        return self.tokens_before - self.tokens_after


@dataclass
class ContextPipeline:
    """The stages for one conversation (see the module)."""

    settings: HostSettings = field(default_factory=HostSettings)
    stages: Stages = field(default_factory=Stages)
    summaries: SummarySource | None = None
    summarizer: Summarizer | None = None
    protected: ProtectedContext = field(default_factory=ProtectedContext)
    count: Counter | None = None
    breaker: CompactionBreaker | None = None

    def __post_init__(self) -> None:
        theirs = self.stages.count
        if theirs is not None and (self.count is theirs or self.count is theirs.count):
            self.count = theirs  # one counter for the pipeline and its stages
        self.count = cached(self.count or estimator(self.settings.chars_per_token))
        if self.breaker is None:
            self.breaker = CompactionBreaker(self.settings.breaker_failures)
        self._compactor = Compactor(
            self.settings, self.count, self.summaries, self.summarizer, self.breaker
        )

    async def run(
        self,
        messages: Sequence[Message],
        *,
        window: int | Budget,
        tools: Sequence[Mapping[str, Any]] = (),
        system: str = "",
        session_id: str | None = None,
        current_turn: int | None = None,
        pinned: Collection[int] = (),
        keep_turns: int | None = None,
    ) -> PipelineResult:
        """The request reduced to fit ``window`` (see the module). ``current_turn`` is the
        turn number of the last user message (as the host's turn events number it) and
        ``pinned`` the indexes of pinned messages (:mod:`daemon.host.compaction`). No
        message may change in place while the call runs."""
        count = self._counter()
        with count.call(), self._stages_call():
            return await self._run(
                messages,
                window=window,
                tools=tools,
                system=system,
                session_id=session_id,
                current_turn=current_turn,
                pinned=pinned,
                keep_turns=keep_turns,
            )

    def _stages_call(self) -> AbstractContextManager[None]:
        """The call scope of the stages' counter, when it is not the pipeline's."""
        theirs = self.stages.count
        return theirs.call() if theirs is not None and theirs is not self.count else nullcontext()

    async def _run(
        self,
        messages: Sequence[Message],
        *,
        window: int | Budget,
        tools: Sequence[Mapping[str, Any]],
        system: str,
        session_id: str | None,
        current_turn: int | None,
        pinned: Collection[int],
        keep_turns: int | None,
    ) -> PipelineResult:
        count = self._counter()
        breaker = self._breaker()
        budget = window if isinstance(window, Budget) else Budget.of(window, self.settings)
        current = list(messages)
        current_tools = [dict(tool) for tool in tools]

        # Measured once, then again only after a stage that changed something: a measure
        # walks every message (about 9 us each), and most calls change little.
        fixed = conversation_tokens((), count, system=system, tools=current_tools)
        size = conversation_tokens(current, count)

        def measure() -> int:
            return size + fixed

        before = measure()
        pressure_before = budget.pressure(before)
        breaker.observe(pressure_before)
        reports: list[StageReport] = []

        def apply(stage: Stage | None) -> None:
            nonlocal current, size
            if stage is not None:
                current, report = stage(current)
                reports.append(report)
                if report.changed or report.tokens_before != report.tokens_after:
                    size = conversation_tokens(current, count)

        apply(self.stages.truncate)
        if budget.pressure(measure()) >= Pressure.WARNING:
            apply(self.stages.deduplicate)
        if budget.pressure(measure()) >= Pressure.WARNING:
            apply(self.stages.prune)
        outcome: Compaction = "none"
        compacted: Compacted | None = None
        event: CompactionEvent | None = None
        if budget.pressure(measure()) >= Pressure.COMPACT:
            compacted = await self._compactor.compact(
                current,
                session_id=session_id,
                current_turn=current_turn,
                protected=self.protected,
                pinned=pinned,
                keep_turns=keep_turns,
                tokens=size,
            )
            reports.append(compacted.report)
            if compacted.source != "none" and compacted.through_turn is not None:
                current = compacted.messages
                size = compacted.report.tokens_after
                outcome = compacted.source
                event = CompactionEvent(
                    compacted.summary or "",
                    compacted.through_turn,
                    compacted.source,
                    compacted.replaced,
                )
                pinned = {  # where the pinned messages are now
                    moved
                    for index in pinned
                    if 0 <= index < len(compacted.positions)
                    and (moved := compacted.positions[index]) is not None
                }
        pressure = budget.pressure(measure())
        if pressure >= Pressure.BLOCKING or (pressure >= Pressure.COMPACT and breaker.open):
            current, report = trim_oldest_turn(current, count, pinned)
            reports.append(report)
            size = report.tokens_after
            if report.changed and outcome == "none":
                outcome = "trimmed"
        apply(self.stages.sanitize)
        if self.stages.tools is not None:
            current_tools, report = self.stages.tools(current_tools, budget.share(measure()))
            reports.append(report)
            fixed = conversation_tokens((), count, system=system, tools=current_tools)
        after = measure()
        breaker.observe(budget.pressure(after))
        return PipelineResult(
            messages=current,
            tools=current_tools,
            reports=tuple(reports),
            compaction=outcome,
            tokens_before=before,
            tokens_after=after,
            pressure_before=pressure_before,
            pressure_after=budget.pressure(after),
            compaction_event=event,
            compacted=compacted,
        )

    def _counter(self) -> CachedCounter:
        assert isinstance(self.count, CachedCounter)  # set in __post_init__
        return self.count

    def _breaker(self) -> CompactionBreaker:
        assert self.breaker is not None  # set in __post_init__
        return self.breaker
