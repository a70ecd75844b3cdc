"""The pieces of the extraction prompt that vary: the manifest block and the turns' times."""

from __future__ import annotations

from daemon.extraction.llm.prompt import manifest_block, turn_times
from tests.extraction.llm.helpers import msg, turn


def test_the_manifest_block_holds_one_line_per_memory_or_says_none_yet() -> None:
    lines = ["m1 [project/durable] PSP: Payments use Adyen.", "m2 [user/durable] Tabs: Tabs."]
    assert manifest_block(lines) == f"<manifest>\n{lines[0]}\n{lines[1]}\n</manifest>"
    assert manifest_block([]) == "<manifest>\n(none yet)\n</manifest>"


def test_turn_times_name_each_turn_with_its_utc_stamp() -> None:
    turns = [turn(2, msg("user", "a")), turn(5, msg("user", "b"))]
    assert turn_times(turns) == "turn 2 at 2026-11-17T09:02:00Z, turn 5 at 2026-11-17T09:05:00Z"
    assert turn_times([]) == ""
