"""A line a program printed, known by marks no sentence a person writes has; the sentences
that talk about such output stay sentences."""

from __future__ import annotations

import pytest

from daemon.gate.readouts import shaped, verdict


@pytest.mark.parametrize(
    "line",
    [
        "PASS\tsrc/app.test.ts\t(2.1 s)",  # columns with tabs
        "NAME      STATUS    AGE",  # columns with spaces
        "lib/util.rb:88: warning: method redefined",  # a diagnostic's place
        "src/main.c(12,3): error C2065: 'x': undeclared identifier",
        "Plan: 3 added, 1 changed and 0 destroyed",  # a tally
        "ValueError: invalid literal for int() with base 10: 'x'",
        "java.lang.IllegalStateException: pool closed",
        "RuntimeError",
        "Killed",
        "Bus error (core dumped)",
        "Compiled 12 files in 3.42s",
        "Done in 2m 14s",
    ],
)
def test_a_programs_line_is_shaped(line: str) -> None:
    assert shaped(line)


@pytest.mark.parametrize(
    "line",
    [
        "Use uv, not pip.",
        "KeyError: 'tenant' means the X-Tenant header is missing.",  # explains an exception
        "The build takes 40 seconds.",
        "Cold starts take 1.5s.",
        "We have 3 clusters and 2 regions.",
        "Exit 137 means OOM-killed.",
        "Killed jobs are retried twice.",
        "config.py holds the defaults.",
        "| a | b |",
    ],
)
def test_a_sentence_is_not(line: str) -> None:
    assert not shaped(line)


@pytest.mark.parametrize(("line", "is_verdict"), [("OK", True), (" FAILED ", True), ("Ok.", False)])
def test_a_verdict_is_one_word_in_capitals(line: str, is_verdict: bool) -> None:
    assert verdict(line) is is_verdict
