"""Output truncation: every tool result cut at 2,000 lines or 50 KB, the whole kept in a file
the notice names."""

from __future__ import annotations

import copy
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from daemon.base.settings import HostSettings
from daemon.host.budget import Budget
from daemon.host.messages import units
from daemon.host.tokens import conversation_tokens, estimator, message_tokens
from daemon.host.truncation import (
    FolderOutputStore,
    MemoryOutputStore,
    Within,
    cut_point,
    truncate_outputs,
    truncated,
)
from daemon.maintenance.truncation_cleanup import cleanup_truncations
from daemon.store.truncation import FILE_PATTERN, line_count
from tests.host.conversation import Session, coding_session, log_lines, python_file


def _session_with(output: str) -> Session:
    session = Session(system="You are a coding agent.")
    session.user("Run the build and tell me what broke.")
    session.think("The build log will say.")
    session.bash("make build", output)
    session.say("The build log is long; the error is near the end.")
    return session


def test_a_result_under_both_limits_is_left_alone() -> None:
    messages = coding_session().messages
    store = MemoryOutputStore()
    output, report = truncate_outputs(messages, store)
    assert output == messages
    assert store.files == {}
    assert report.changed == 0
    assert report.saved == 0


def test_a_result_over_2000_lines_keeps_2000_lines_and_names_the_file() -> None:
    log = "\n".join(f"ok {n:05}" for n in range(5000))  # 5,000 short lines, 40 KB
    assert len(log.encode()) < 50_000
    store = MemoryOutputStore()
    output, report = truncate_outputs(_session_with(log).messages, store)
    kept = output[4]["content"]
    assert isinstance(kept, str)
    body, notice = kept.split("\n\n[Output truncated: ")
    assert body.splitlines() == log.splitlines()[:2000]
    assert notice.startswith("2000 of 5000 lines")
    (name,) = store.files
    assert store.files[name] == log
    assert f"The full output is in {name}; grep it or read parts of it" in notice
    assert "rather than pasting it back" in notice
    assert report.changed == 1
    assert report.saved > 0
    assert name in report.notes[0]


def test_a_result_over_50_kb_keeps_whole_lines_under_50_kb() -> None:
    log = log_lines(1500, width=100)  # 1,500 lines, 150 KB: the byte limit comes first
    output, _ = truncate_outputs(_session_with(log).messages, MemoryOutputStore())
    body = output[4]["content"].split("\n\n[Output truncated: ")[0]
    assert len(body.encode()) <= 50_000
    assert len(body.encode()) > 50_000 - 101  # as many whole lines as fit
    assert log.startswith(body + "\n")


def test_the_limits_are_settings() -> None:
    settings = HostSettings(truncate_lines=10, truncate_bytes=100_000)
    output, report = truncate_outputs(
        _session_with(python_file("daemon/app.py", 40)).messages, MemoryOutputStore(), settings
    )
    assert output[4]["content"].split("\n\n")[0].count("\n") == 9
    assert report.changed == 1


def test_a_cut_inside_a_line_falls_on_a_utf8_boundary() -> None:
    line = "é" * 40_000  # 80,000 bytes, one line
    cut = cut_point(line, 2000, 50_000)
    assert cut == 25_000
    for size in range(49_990, 50_001):
        text = "a" + line
        kept = text[: cut_point(text, 2000, size)]
        kept.encode("utf-8")  # no half character
        assert len(kept.encode()) <= size
    assert cut_point("€" * 100, 2000, 7) == 2  # 3 bytes each: two fit in 7


def test_a_single_result_larger_than_the_whole_window_fits_in_half_of_it() -> None:
    budget = Budget(window=32_000)  # 16,000 usable tokens
    huge = log_lines(20_000, width=60)  # 1.2 MB, about 375,000 tokens: more than the window
    count = estimator()
    messages = _session_with(huge).messages
    assert message_tokens(messages[4], count) > budget.window
    output, report = truncate_outputs(messages, MemoryOutputStore(), budget=budget, count=count)
    assert message_tokens(output[4], count) <= budget.usable // 2 + 100  # the notice's room
    assert conversation_tokens(output, count) < budget.usable
    assert report.tokens_after < budget.usable
    # Without the budget, the 50 KB limit alone.
    alone, _ = truncate_outputs(messages, MemoryOutputStore())
    assert 50_000 - 61 < len(alone[4]["content"].split("\n\n[")[0].encode()) <= 50_000


def test_truncation_is_idempotent() -> None:
    messages = _session_with(log_lines(4000)).messages
    store = MemoryOutputStore()
    once, first = truncate_outputs(messages, store)
    twice, second = truncate_outputs(once, store)
    assert twice == once
    assert first.changed == 1
    assert second.changed == 0
    assert truncated(once[4]["content"])
    assert not truncated(messages[4]["content"])


def test_the_input_is_not_changed_and_the_output_is_deterministic() -> None:
    messages = _session_with(log_lines(4000)).messages
    before = copy.deepcopy(messages)
    first, report = truncate_outputs(messages, MemoryOutputStore())
    second, again = truncate_outputs(messages, MemoryOutputStore())
    assert messages == before
    assert first == second
    assert report == again


def test_a_thinking_block_stays_with_its_tool_call() -> None:
    messages = _session_with(log_lines(4000)).messages
    output, _ = truncate_outputs(messages, MemoryOutputStore())
    assert units(output) == units(messages)
    assert output[2] == messages[2]  # the thinking block
    assert output[3] == messages[3]  # its tool call


def test_only_tool_results_are_cut() -> None:
    long_text = log_lines(3000)
    session = Session()
    session.user(long_text)
    session.say(long_text)
    output, report = truncate_outputs(session.messages, MemoryOutputStore())
    assert output == session.messages
    assert report.changed == 0


def test_a_result_in_parts_keeps_its_other_parts() -> None:
    messages = _session_with("").messages
    image = {"type": "image_url", "image_url": {"url": "https://example.com/plot.png"}}
    messages[4] = {**messages[4], "content": [{"type": "text", "text": log_lines(3000)}, image]}
    output, report = truncate_outputs(messages, MemoryOutputStore())
    text, kept_image = output[4]["content"]
    assert truncated(text["text"])
    assert kept_image == image
    assert report.changed == 1


def test_the_folder_store_writes_files_memoryds_cleanup_deletes_after_7_days(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "truncations"
    store = FolderOutputStore(folder)
    log = log_lines(4000)
    output, _ = truncate_outputs(_session_with(log).messages, store)
    (written,) = folder.iterdir()
    assert FILE_PATTERN.match(written.name)
    assert written.read_text(encoding="utf-8") == log
    assert str(written) in output[4]["content"]
    assert [p.name for p in folder.iterdir()] == [written.name]  # no temporary file left
    # The same output again: the same file, no second one.
    assert store.save(log) == str(written)
    assert len(list(folder.iterdir())) == 1
    # memoryd's cleanup job keeps it for 7 days, then deletes it.
    written_at = datetime.fromtimestamp(written.stat().st_mtime, UTC)
    kept = cleanup_truncations(folder, keep=timedelta(days=7), now=written_at + timedelta(days=6))
    assert kept.kept == 1
    assert written.exists()
    gone = cleanup_truncations(
        folder, keep=timedelta(days=7), now=written_at + timedelta(days=7, seconds=1)
    )
    assert gone.files == 1
    assert not written.exists()


def test_saving_an_output_again_starts_its_7_days_again(tmp_path: Path) -> None:
    store = FolderOutputStore(tmp_path)
    path = Path(store.save("a long output"))
    os.utime(path, (1_000_000, 1_000_000))
    assert store.save("a long output") == str(path)
    assert path.stat().st_mtime > 1_000_000


@given(
    st.text(alphabet=st.sampled_from("ab\n€é\U0001f600\x00\ud800"), max_size=300),
    st.integers(1, 40),
    st.integers(1, 200),
)
def test_any_cut_keeps_a_prefix_within_both_limits(text: str, lines: int, size: int) -> None:
    cut = cut_point(text, lines, size)
    data = text.encode("utf-8", "surrogatepass")
    if cut is None:
        assert len(data) <= size
        assert line_count(text) <= lines
        return
    kept = text[:cut]
    assert 0 < len(kept) < len(text) or (
        cut == 0 and len(text[0].encode("utf-8", "surrogatepass")) > size
    )
    assert len(kept.encode("utf-8", "surrogatepass")) <= size
    assert line_count(kept) <= lines


def test_what_the_last_call_kept_is_not_looked_at_again_and_new_results_are_cut() -> None:
    within, store = Within(), MemoryOutputStore()
    first, _ = truncate_outputs(_session_with(log_lines(3_000)).messages, store, within=within)
    following = [*first, *_session_with(log_lines(2_500)).messages[1:]]

    again, report = truncate_outputs(following, store, within=within)

    assert (again, report) == truncate_outputs(copy.deepcopy(following), MemoryOutputStore())
    assert report.changed == 1 and all(a is b for a, b in zip(again, first, strict=False))
