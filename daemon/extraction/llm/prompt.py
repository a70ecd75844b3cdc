"""The extraction prompt: the closed taxonomy, what not to save, the rules and the plan.

The system prompt of delta mode is static (the same bytes for every run of a deployment),
so providers cache it across sessions; everything that varies (manifest, transcript) comes
after it. In fork mode the same guidance travels in the final instruction message, after the
host's own prefix, with the answer format of a single structured reply.
"""

from __future__ import annotations

from collections.abc import Sequence

from daemon.base.turns import TurnRecord
from daemon.extraction.llm.transcript import stamp
from daemon.gate.prompt_text import GUIDANCE, JSON_FORMAT, scope_line, system_prompt

__all__ = [
    "GUIDANCE",
    "JSON_FORMAT",
    "MARK",
    "manifest_block",
    "scope_line",
    "system_prompt",
    "turn_times",
]

MARK = "[memoryd]"


def manifest_block(lines: Sequence[str]) -> str:
    body = "\n".join(lines) if lines else "(none yet)"
    return f"<manifest>\n{body}\n</manifest>"


def turn_times(turns: Sequence[TurnRecord]) -> str:
    return ", ".join(f"turn {t.turn} at {stamp(t)}" for t in turns)
