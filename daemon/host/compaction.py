"""Stage 4, compaction: old messages replaced by one summary, the last turns kept verbatim.

**Session-memory compaction first, at zero model cost.** memoryd keeps a rolling summary of
every session in the background (:mod:`daemon.host.summaries`); when it is fresh enough the
stage uses it as it is. Fresh means at most ``summary_max_age_seconds`` old and covering the
turns it would replace but at most ``summary_max_uncovered_turns`` of them; those uncovered
turns are then kept verbatim too, so nothing is lost. **Otherwise LLM compaction**: the
replaced messages go to a :class:`~daemon.host.summarizer.Summarizer` with the structured
prompt, unless the circuit breaker (:mod:`daemon.host.breaker`) is open.

**Turn numbers.** The host passes ``current_turn``, the number of the turn its last user
message opens (the number its turn events carry). Turns are counted back from there, one per
user message, so the kept turns keep their numbers whatever an earlier compaction put before
them; without it the stage counts the user messages (after a summary it put in, from the
turn that summary goes through). A summary message states the last turn it replaces.

**What is kept.** The replaced part runs from the first message to the start of the last
``keep_turns`` turns (a user message: never inside a unit, so no tool call is cut from its
results and no thinking block from its tool call). Out of it, system and developer messages
stay in place, then comes the summary (a user message, with the protected context under it),
then each pinned message's whole unit (:mod:`daemon.host.protected`). A summary message an
earlier compaction put in is replaced by the new one. :meth:`Compacted.position` maps an old
index (a host's cursor) to the new list: a message compacted away maps to the summary.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from daemon.base.settings import HostSettings
from daemon.host.breaker import CompactionBreaker
from daemon.host.messages import is_user, units
from daemon.host.protected import ProtectedContext, is_instruction, pinned_indexes
from daemon.host.report import StageReport
from daemon.host.summaries import Summary, SummarySource
from daemon.host.summarizer import Summarizer, summary_request
from daemon.host.tokens import Counter, Message, content_text, conversation_tokens

Source = Literal["summary", "llm", "none"]

_MARKER = "[Compacted context through turn {turn}]"
_MARKER_PATTERN = re.compile(r"\A\[Compacted context through turn (\d+)\]")
_NOTICE = (
    "The earlier conversation was replaced by this summary ({origin}). Continue the work "
    "from it; it is context, not a request."
)


def summary_turn(message: Mapping[str, Any]) -> int | None:
    """The last turn a summary message put in by compaction replaces, or None for any
    other message."""
    if not is_user(message):
        return None
    found = _MARKER_PATTERN.match(content_text(message.get("content")))
    return int(found.group(1)) if found else None


def summary_message(
    text: str, through_turn: int, source: Source, protected: ProtectedContext
) -> Message:
    """The user message that stands in for the replaced turns."""
    origin = "memoryd's session summary" if source == "summary" else "a model's summary"
    parts = [_MARKER.format(turn=through_turn) + " " + _NOTICE.format(origin=origin), text.strip()]
    if rendered := protected.render():
        parts.append(rendered)
    return {"role": "user", "content": "\n\n".join(parts)}


def _counted(message: Mapping[str, Any]) -> bool:
    """Whether a message opens a turn: a user message that is neither a summary put in by
    compaction nor pinned (a pinned one may be a copy put back)."""
    return is_user(message) and summary_turn(message) is None and message.get("pinned") is not True


def default_current_turn(messages: Sequence[Message]) -> int:
    """The turn of the last user message when the host does not say: the last summary's
    turn (0 without one) plus the user messages after it."""
    turn = 0
    for message in messages:
        covered = summary_turn(message)
        if covered is not None:
            turn = covered
        elif _counted(message):
            turn += 1
    return turn


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the replaced part ends (``cut``) and the last turn it holds."""

    cut: int
    last_replaced_turn: int
    turn_starts: tuple[int, ...]
    """The index of each counted user message, oldest first (the turns counted back)."""


def plan(messages: Sequence[Message], keep_turns: int, current_turn: int) -> Plan | None:
    """The part to replace so that the last ``keep_turns`` turns stay, or None when there
    is no older turn to replace."""
    starts = tuple(index for index, message in enumerate(messages) if _counted(message))
    if keep_turns <= 0:
        cut = len(messages)
        kept = 0
    elif len(starts) <= keep_turns:
        return None
    else:
        cut = starts[-keep_turns]
        kept = keep_turns
    cut = _unit_start(messages, cut)
    if not any(_replaceable(message) for message in messages[:cut]):
        return None
    return Plan(cut, current_turn - kept, starts)


def _unit_start(messages: Sequence[Message], index: int) -> int:
    for unit in units(messages):
        if unit.start <= index < unit.end:
            return unit.start
    return index


def _replaceable(message: Mapping[str, Any]) -> bool:
    return not is_instruction(message) and message.get("pinned") is not True


def fresh(
    summary: Summary, chosen: Plan, messages: Sequence[Message], settings: HostSettings
) -> bool:
    """Whether ``summary`` may replace the planned part (see the module)."""
    if summary.age_seconds > settings.summary_max_age_seconds or not summary.text.strip():
        return False
    if chosen.last_replaced_turn - summary.through_turn > settings.summary_max_uncovered_turns:
        return False
    earlier = [turn for m in messages[: chosen.cut] if (turn := summary_turn(m)) is not None]
    return not earlier or summary.through_turn >= max(earlier)


def widened(chosen: Plan, summary: Summary, messages: Sequence[Message]) -> Plan | None:
    """The plan with the turns ``summary`` does not cover kept verbatim as well."""
    uncovered = chosen.last_replaced_turn - summary.through_turn
    if uncovered <= 0:
        return chosen
    kept = [start for start in chosen.turn_starts if start < chosen.cut]
    if len(kept) <= uncovered:
        return None
    cut = _unit_start(messages, kept[-uncovered])
    if not any(_replaceable(message) for message in messages[:cut]):
        return None
    return Plan(cut, chosen.last_replaced_turn - uncovered, chosen.turn_starts)


@dataclass(frozen=True, slots=True)
class Compacted:
    """The stage's outcome. ``positions[i]`` is where old message ``i`` is now (None when
    it was compacted away); ``summary_index`` is where the summary went."""

    messages: list[Message]
    report: StageReport
    source: Source
    summary: str | None = None
    through_turn: int | None = None
    positions: tuple[int | None, ...] = ()
    summary_index: int | None = None
    replaced: int = 0

    def position(self, old_index: int) -> int:
        """Where a host's cursor on old message ``old_index`` points now: the same message,
        or the summary when it was compacted away."""
        if not 0 <= old_index < len(self.positions):
            raise IndexError(f"no message {old_index} before compaction")
        found = self.positions[old_index]
        if found is not None:
            return found
        return self.summary_index if self.summary_index is not None else 0


def replace(
    messages: Sequence[Message],
    chosen: Plan,
    text: str,
    source: Source,
    *,
    protected: ProtectedContext,
    pinned: Collection[int],
) -> tuple[list[Message], tuple[int | None, ...], int]:
    """The messages with the planned part replaced by ``text``: the new list, where each
    old message went, and the summary's index."""
    keep_units = {
        index
        for unit in units(messages[: chosen.cut])
        if any(i in pinned for i in unit.indexes())
        for index in unit.indexes()
    }
    head = [i for i in range(chosen.cut) if is_instruction(messages[i])]
    kept = [
        i
        for i in range(chosen.cut)
        if i in keep_units and not is_instruction(messages[i]) and summary_turn(messages[i]) is None
    ]
    order = [*head, -1, *kept, *range(chosen.cut, len(messages))]
    positions: list[int | None] = [None] * len(messages)
    result: list[Message] = []
    for new_index, old_index in enumerate(order):
        if old_index < 0:
            result.append(summary_message(text, chosen.last_replaced_turn, source, protected))
        else:
            positions[old_index] = new_index
            result.append(messages[old_index])
    return result, tuple(positions), len(head)


@dataclass
class Compactor:
    """Compaction for one conversation (it keeps the breaker between calls)."""

    settings: HostSettings
    count: Counter
    summaries: SummarySource | None = None
    summarizer: Summarizer | None = None
    breaker: CompactionBreaker = field(default_factory=CompactionBreaker)

    async def compact(
        self,
        messages: Sequence[Message],
        *,
        session_id: str | None = None,
        current_turn: int | None = None,
        protected: ProtectedContext | None = None,
        pinned: Collection[int] = (),
        keep_turns: int | None = None,
        tokens: int | None = None,
    ) -> Compacted:
        """Replace the old part of ``messages`` by a summary, memoryd's if fresh, else a
        model's (see the module); unchanged, with a note saying why, when neither can.
        ``tokens`` is what the messages cost, when the caller has measured them."""
        before = conversation_tokens(messages, self.count) if tokens is None else tokens
        turn = default_current_turn(messages) if current_turn is None else current_turn
        keep = self.settings.keep_turns if keep_turns is None else keep_turns
        chosen = plan(messages, keep, turn)
        if chosen is None:
            return self._unchanged(messages, before, "no turn older than the kept ones")
        notes: list[str] = []
        summary = await self._summary(session_id, notes)
        if summary is not None and fresh(summary, chosen, messages, self.settings):
            served = widened(chosen, summary, messages)
            if served is None:
                notes.append("the summary leaves too many turns uncovered")
            else:
                done = self._replaced(
                    messages, served, summary.text, "summary", before, protected, pinned, notes
                )
                if done.report.tokens_after < before:
                    return done
                notes.append("the summary is no smaller than the turns it would replace")
        elif summary is not None:
            notes.append(
                f"the session summary (turn {summary.through_turn}, "
                f"{summary.age_seconds:.0f} s old) is not fresh enough"
            )
        return await self._by_model(messages, chosen, before, protected, pinned, notes)

    async def _summary(self, session_id: str | None, notes: list[str]) -> Summary | None:
        if self.summaries is None or session_id is None:
            return None
        try:
            return await self.summaries.summary(session_id)
        except Exception as exc:  # an unreachable memoryd costs a model call, not the turn
            notes.append(f"no session summary: {type(exc).__name__}")
            return None

    async def _by_model(
        self,
        messages: Sequence[Message],
        chosen: Plan,
        before: int,
        protected: ProtectedContext | None,
        pinned: Collection[int],
        notes: list[str],
    ) -> Compacted:
        if self.summarizer is None:
            return self._unchanged(messages, before, *notes, "no summarizer configured")
        if self.breaker.open:
            return self._unchanged(messages, before, *notes, "the circuit breaker is open")
        replaced = [m for m in messages[: chosen.cut] if _replaceable(m)]
        try:
            text = await self.summarizer.summarize(summary_request(replaced))
        except Exception as exc:  # any failure of the model counts toward the breaker
            self.breaker.failed()
            return self._unchanged(messages, before, *notes, f"the summarizer failed: {exc}")
        if not text.strip():
            self.breaker.failed()
            return self._unchanged(messages, before, *notes, "the summarizer answered nothing")
        self.breaker.succeeded()
        return self._replaced(messages, chosen, text, "llm", before, protected, pinned, notes)

    def _replaced(
        self,
        messages: Sequence[Message],
        chosen: Plan,
        text: str,
        source: Source,
        before: int,
        protected: ProtectedContext | None,
        pinned: Collection[int],
        notes: list[str],
    ) -> Compacted:
        kept = pinned_indexes(messages, pinned)
        result, positions, summary_index = replace(
            messages, chosen, text, source, protected=protected or ProtectedContext(), pinned=kept
        )
        replaced = sum(1 for p in positions if p is None)
        origin = "memoryd's session summary" if source == "summary" else "the summarizer"
        report = StageReport(
            stage="compaction",
            tokens_before=before,
            tokens_after=conversation_tokens(result, self.count),
            changed=replaced,
            notes=(
                *notes,
                f"{replaced} messages through turn {chosen.last_replaced_turn} "
                f"replaced by {origin}",
            ),
        )
        return Compacted(
            result,
            report,
            source,
            summary=text,
            through_turn=chosen.last_replaced_turn,
            positions=positions,
            summary_index=summary_index,
            replaced=replaced,
        )

    def _unchanged(self, messages: Sequence[Message], before: int, *notes: str) -> Compacted:
        report = StageReport("compaction", before, before, notes=tuple(notes))
        return Compacted(list(messages), report, "none", positions=tuple(range(len(messages))))
