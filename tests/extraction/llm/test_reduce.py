"""Reductions of bulky and stale tool outputs to fit the budget."""

from __future__ import annotations

from daemon.extraction.llm.reduce import reduce
from daemon.extraction.llm.transcript import entries, render
from tests.extraction.llm.helpers import call, msg, turn


def _tool_turn(number: int, name: str, output: str, **arguments: str) -> list[dict[str, object]]:
    cid = f"c{number}{name}"
    return [
        msg("assistant", "", tool_calls=[call(cid, name, **arguments)]),
        msg("tool", output, tool_call_id=cid, name=name),
    ]


def test_identical_results_and_reads_made_stale_by_an_edit_collapse() -> None:
    big = "line of output\n" * 20
    turns = [
        turn(1, *_tool_turn(1, "file_read", "old content of app.py\n" * 5, path="src/app.py")),
        turn(2, *_tool_turn(2, "grep", big, pattern="x"), *_tool_turn(3, "grep", big, pattern="x")),
        turn(3, *_tool_turn(4, "file_edit", "edited src/app.py", path="src/app.py")),
    ]
    items = entries(turns)
    overrides = reduce(items, context=set(), budget_tokens=100_000)
    text = render(turns, items, overrides)
    assert "[file_read src/app.py: not shown, the file was edited later]" in text
    assert "old content" not in text
    assert text.count("line of output") == 20  # the first grep result stays, the repeat goes
    assert "identical to an earlier grep result" in text
    assert "edited src/app.py" in text


def test_over_budget_bulky_outputs_shrink_shell_first_then_grep_then_reads_edits_last() -> None:
    bulky = "x" * 3000
    turns = [
        turn(1, *_tool_turn(1, "file_edit", bulky + "e", path="a.py")),
        turn(2, *_tool_turn(2, "file_read", bulky + "r", path="b.py")),
        turn(3, *_tool_turn(3, "grep", bulky + "g", pattern="needle")),
        turn(4, *_tool_turn(4, "bash", bulky + "s", command="pytest -q")),
    ]
    items = entries(turns)
    tool_index = {items[i].tool: i for i in range(len(items)) if items[i].message.role == "tool"}

    def shrunk(budget: int) -> set[str | None]:
        overrides = reduce(items, context=set(), budget_tokens=budget)
        return {items[i].tool for i in overrides}

    assert shrunk(100_000) == set()
    assert shrunk(3500) == {"bash"}  # about 940 tokens each, 4,000 in all
    assert shrunk(2500) == {"bash", "grep"}
    assert shrunk(1500) == {"bash", "grep", "file_read"}
    assert shrunk(10) == {"bash", "grep", "file_read", "file_edit"}
    placeholder = reduce(items, context=set(), budget_tokens=3500)[tool_index["bash"]]
    assert placeholder.startswith("[bash output not shown") and "pytest -q" in placeholder


def test_bulky_outputs_of_the_earlier_context_always_shrink() -> None:
    turns = [
        turn(1, *_tool_turn(1, "bash", "y" * 2000, command="make")),
        turn(2, msg("user", "hi")),
    ]
    items = entries(turns)
    overrides = reduce(items, context={0, 1}, budget_tokens=100_000)
    assert list(overrides.values()) == [
        "[bash output not shown: earlier context; 1 lines, 2,000 chars: make]"
    ]
