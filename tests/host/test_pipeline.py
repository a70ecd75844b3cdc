"""The pipeline: stages cheapest first, each only at its pressure level; compaction from the
session summary or a model, trimming at blocking or with the breaker open; sanitizing last."""

from __future__ import annotations

import dataclasses
import json

import pytest

from daemon.base.settings import HostSettings
from daemon.host.breaker import CompactionBreaker
from daemon.host.budget import Budget, Pressure
from daemon.host.pipeline import ContextPipeline, PipelineResult, Stages
from daemon.host.protected import ProtectedContext
from daemon.host.report import StageReport
from daemon.host.summaries import InMemorySummaries, Summary
from daemon.host.summarizer import ScriptedSummarizer
from daemon.host.tokens import Message, cached, content_text, conversation_tokens, estimator
from daemon.host.truncation import MemoryOutputStore
from tests.bench.coding_session import coding_session
from tests.bench.context import SYSTEM_PROMPT, TOOLS, OutlineSummarizer
from tests.host.chat import session, units_whole

COUNT = estimator()
SUMMARY = "## Goal\nFix rounding.\n\n## In Progress\nmodule 9"


class Recorder:
    """Stages that change nothing and note the order they ran in."""

    def __init__(self) -> None:
        self.ran: list[str] = []

    def stage(self, name: str):  # type: ignore[no-untyped-def]
        def run(messages: list[Message]) -> tuple[list[Message], StageReport]:
            self.ran.append(name)
            size = conversation_tokens(messages, COUNT)
            return messages, StageReport(name, size, size)

        return run

    def stages(self) -> Stages:
        return Stages(
            truncate=self.stage("truncation"),
            deduplicate=self.stage("deduplication"),
            prune=self.stage("pruning"),
            sanitize=self.stage("sanitizing"),
        )


def window_at(messages: list[Message], pressure: Pressure) -> Budget:
    """A budget under which ``messages`` stand at ``pressure`` (the default levels' gaps)."""
    used = conversation_tokens(messages, COUNT)
    left = {Pressure.OK: 30_000, Pressure.WARNING: 20_000, Pressure.COMPACT: 8_000}
    budget = Budget.of(used + 16_000 + left.get(pressure, 1_000))
    assert budget.pressure(used) == pressure
    return budget


async def test_with_room_only_truncation_and_sanitizing_run() -> None:
    messages, recorder = session(5), Recorder()
    pipeline = ContextPipeline(stages=recorder.stages())

    done = await pipeline.run(messages, window=window_at(messages, Pressure.OK))

    assert recorder.ran == ["truncation", "sanitizing"]
    assert done.compaction == "none" and done.messages == messages
    assert [r.stage for r in done.reports] == ["truncation", "sanitizing"]


async def test_at_the_warning_level_deduplication_and_pruning_run_too() -> None:
    messages, recorder = session(5), Recorder()
    pipeline = ContextPipeline(stages=recorder.stages())

    await pipeline.run(messages, window=window_at(messages, Pressure.WARNING))

    assert recorder.ran == ["truncation", "deduplication", "pruning", "sanitizing"]


async def test_at_the_compaction_level_a_fresh_summary_compacts_at_no_model_cost() -> None:
    messages, recorder = session(10), Recorder()
    summaries = InMemorySummaries({"s1": Summary(SUMMARY, through_turn=7, age_seconds=5)})
    model = ScriptedSummarizer([])
    pipeline = ContextPipeline(stages=recorder.stages(), summaries=summaries, summarizer=model)

    done = await pipeline.run(
        messages, window=window_at(messages, Pressure.COMPACT), session_id="s1"
    )

    assert model.calls == 0 and done.compaction == "summary"
    stages = [r.stage for r in done.reports]
    assert stages == ["truncation", "deduplication", "pruning", "compaction", "sanitizing"]
    assert done.compaction_event is not None
    assert done.compaction_event.payload() == {
        "kind": "compaction",
        "summary": SUMMARY,
        "through_turn": 7,
        "source": "summary",
        "replaced_messages": 49,
    }
    assert done.tokens_after < done.tokens_before
    assert done.pressure_before == Pressure.COMPACT


async def test_without_a_fresh_summary_the_model_compacts() -> None:
    messages = session(10)
    model = ScriptedSummarizer([SUMMARY])
    pipeline = ContextPipeline(summarizer=model, protected=ProtectedContext(branch="main"))

    done = await pipeline.run(messages, window=window_at(messages, Pressure.COMPACT))

    assert model.calls == 1 and done.compaction == "llm"
    assert done.compaction_event is not None and done.compaction_event.source == "llm"
    assert "Branch: main" in content_text(done.messages[1]["content"])


async def test_with_the_breaker_open_the_oldest_turn_is_trimmed_once_per_call() -> None:
    messages = session(10)
    failing: list[str | BaseException] = [RuntimeError("down")] * 3
    model = ScriptedSummarizer(failing)
    pipeline = ContextPipeline(summarizer=model)
    budget = window_at(messages, Pressure.COMPACT)

    results = [await pipeline.run(messages, window=budget) for _ in range(4)]

    assert [r.compaction for r in results] == ["none", "none", "trimmed", "trimmed"]
    assert model.calls == 3
    for done in results[2:]:
        assert done.messages == [messages[0], *messages[8:]]  # turn 1 only, each call
        assert units_whole(done.messages)


async def test_at_the_blocking_level_a_turn_is_trimmed_after_a_failed_compaction() -> None:
    messages = session(10)
    pipeline = ContextPipeline()  # no summary, no summarizer

    done = await pipeline.run(messages, window=window_at(messages, Pressure.BLOCKING))

    assert done.compaction == "trimmed"
    assert [r.stage for r in done.reports] == ["compaction", "trimming"]
    assert done.messages == [messages[0], *messages[8:]]


async def test_the_breaker_closes_when_a_call_comes_in_below_the_warning_level() -> None:
    messages = session(10, output_lines=400)  # turn 1 alone leaves the rest of the room
    model = ScriptedSummarizer([RuntimeError("1"), RuntimeError("2"), RuntimeError("3"), SUMMARY])
    pipeline = ContextPipeline(summarizer=model, settings=HostSettings(breaker_failures=3))
    for _ in range(3):
        await pipeline.run(messages, window=window_at(messages, Pressure.COMPACT))
    assert pipeline.breaker is not None and pipeline.breaker.open

    await pipeline.run(messages[:8], window=window_at(messages, Pressure.COMPACT).window)
    done = await pipeline.run(messages, window=window_at(messages, Pressure.COMPACT))

    assert done.compaction == "llm" and model.calls == 4


async def test_the_tools_stage_gets_the_share_of_the_window_the_request_fills() -> None:
    messages = session(3)
    seen: list[float] = []

    def tools(schemas: list[dict[str, object]], share: float):  # type: ignore[no-untyped-def]
        seen.append(share)
        return [], StageReport("tools", 10, 0, changed=1)

    schema = {"type": "function", "function": {"name": "grep", "parameters": {}}}
    pipeline = ContextPipeline(stages=Stages(tools=tools))

    done = await pipeline.run(messages, window=100_000, tools=[schema])

    assert done.tools == [] and 0 < seen[0] < 1
    assert seen[0] == conversation_tokens(messages, COUNT, tools=[schema]) / 100_000


async def test_the_same_request_and_summary_give_the_same_result() -> None:
    messages = session(10)
    summary = {"s1": Summary(SUMMARY, through_turn=7, age_seconds=5)}
    budget = window_at(messages, Pressure.COMPACT)

    runs = [
        await ContextPipeline(summaries=InMemorySummaries(summary)).run(
            messages, window=budget, session_id="s1"
        )
        for _ in range(2)
    ]

    assert runs[0].messages == runs[1].messages and runs[0].reports == runs[1].reports


async def test_a_call_that_changes_nothing_measures_each_message_once() -> None:
    messages, recorder = session(20), Recorder()
    counted: list[str] = []

    def count(text: str) -> int:
        counted.append(text)
        return COUNT(text)

    pipeline = ContextPipeline(stages=recorder.stages(), count=count)

    await pipeline.run(messages, window=window_at(messages, Pressure.WARNING))

    assert recorder.ran == ["truncation", "deduplication", "pruning", "sanitizing"]
    assert len(counted) <= len(messages) + 2  # the messages, and the empty system prompt twice


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("window", [200_000, 64_000])
async def test_a_reused_pipeline_gives_what_a_cold_one_gives_on_every_call_of_the_bench(
    window: int,
) -> None:
    """The stages and the counter remember what they found of each message between calls
    and within one; a new pipeline on every call (its counter and its stages' memories
    empty: every list read whole, every stage's full pass) must send the same request, byte
    for byte, and report the same, on every call of the benchmark's 320-turn session."""
    settings = HostSettings()
    budget = Budget.of(window, settings)
    count = cached(estimator(settings.chars_per_token))
    reused = ContextPipeline(
        settings,
        Stages.standard(MemoryOutputStore(), settings, budget=budget, count=count),
        summarizer=OutlineSummarizer(),
        count=count,
    )
    cold_breaker = CompactionBreaker(settings.breaker_failures)
    warm: list[Message] = []
    cold: list[Message] = []
    seen: set[str] = set()
    for turn in coding_session(320, seed=7):
        for index, message in enumerate(turn.messages):
            if index in turn.calls:
                done = await reused.run(
                    warm, window=budget, tools=TOOLS, system=SYSTEM_PROMPT, current_turn=turn.number
                )
                fresh = ContextPipeline(
                    settings,
                    Stages.standard(MemoryOutputStore(), settings, budget=budget),
                    summarizer=OutlineSummarizer(),
                    breaker=cold_breaker,
                )
                again = await fresh.run(
                    list(cold),
                    window=budget,
                    tools=TOOLS,
                    system=SYSTEM_PROMPT,
                    current_turn=turn.number,
                )
                assert _sent(done) == _sent(again)
                seen.update(report.stage for report in done.reports if report.changed)
                warm, cold = list(done.messages), list(again.messages)
            warm.append(message)
            cold.append(message)
    assert {"truncation", "dedup"} <= seen  # the stages that remember had work to do
    assert seen & ({"pruning"} if window == 200_000 else {"compaction", "trimming"})


def _sent(done: PipelineResult) -> str:
    """What a call sends and reports, as one text."""
    return json.dumps(
        [done.messages, done.tools, done.compaction, done.tokens_before, done.tokens_after]
        + [dataclasses.astuple(report) for report in done.reports],
        sort_keys=True,
    )


async def test_a_message_replaced_by_a_new_one_is_counted_again() -> None:
    messages = session(3)
    pipeline = ContextPipeline()
    first = await pipeline.run(messages, window=100_000)
    longer = [*first.messages[:-1], {**first.messages[-1], "content": "x" * 3_200}]

    second = await pipeline.run(longer, window=100_000)

    assert second.tokens_before == conversation_tokens(longer, COUNT)
    assert second.tokens_before - first.tokens_after == COUNT("x" * 3_200) - COUNT(
        content_text(first.messages[-1]["content"])
    )
