"""What model calls spent, summed across calls and runs."""

from __future__ import annotations

from daemon.base.usage import Usage


def test_add_sums_every_counter_in_place() -> None:
    total = Usage()
    total.add(Usage(model_calls=1, prompt_tokens=100, completion_tokens=20, cached_tokens=60))
    total.add(Usage(model_calls=2, prompt_tokens=5, completion_tokens=7, tool_calls=3))
    assert total == Usage(
        model_calls=3, prompt_tokens=105, completion_tokens=27, cached_tokens=60, tool_calls=3
    )


def test_adding_leaves_the_other_unchanged_and_nothing_adds_nothing() -> None:
    part = Usage(model_calls=1, tool_calls=2)
    total = Usage(prompt_tokens=9)
    total.add(part)
    total.add(Usage())
    assert part == Usage(model_calls=1, tool_calls=2)
    assert total == Usage(model_calls=1, prompt_tokens=9, tool_calls=2)
