"""Lines of tool output are junk (daemon.gate.tool_lines, through :func:`junk_reason`): any
program's output by its shape, a tool's readout, a tagged or lower-case diagnostic; a
sentence that only starts like one, or names a level or an error, stays."""

from __future__ import annotations

import pytest

from daemon.gate.substance import TOOL_LINE, junk_reason
from daemon.gate.tool_lines import readout


@pytest.mark.parametrize(
    "content",
    [
        "Ran 12 tests in 0.210s\n\nOK",
        "NAME    READY   STATUS\napi-1   1/1     Running",
        "app/models.py:12:1: F401 'os' imported but unused",
    ],
)
def test_any_programs_output_is_a_line_of_tool_output(content: str) -> None:
    assert junk_reason("Output", content) == TOOL_LINE


def test_a_verdict_alone_is_no_tool_output() -> None:
    assert junk_reason("OK", "OK") != TOOL_LINE


@pytest.mark.parametrize(
    "content",
    [
        "at noon (12:00) the freeze starts for billing",
        "at standup (09:30) Dana reviews the deploy queue",
        "2026-11-17 is the day the ledger moved to Postgres 16.",
        "INFO level logs are dropped after 7 days.",
        "E2E tests run nightly on staging.",
        "Traceback lines are shortened in Sentry.",
    ],
)
def test_lines_that_only_start_like_tool_output_are_kept(content: str) -> None:
    assert junk_reason("Note", content) is None


# Tuned on set I: a tool's readout (a number, and neither a function word nor a sentence's
# end; or more marks than letters) is refused; a short fact with a number is kept.
@pytest.mark.parametrize(
    "content",
    [
        "Submitted batch job 4481920",
        "[main 3c9e1f2] fix typo\n 1 file changed, 1 insertion(+)",
        "Succeeded   : 128\nCached      : 12",
        "100%|██████████| 384/384 [00:12<00:00, 31.2it/s]",
        "HTTP/1.1 200 OK",
    ],
)
def test_a_readout_is_a_line_of_tool_output(content: str) -> None:
    assert junk_reason(content.split("\n")[0], content) == TOOL_LINE


@pytest.mark.parametrize(
    "content",
    [
        "Postgres 15, one streaming replica.",
        "Solo Python 3.12.",
        "Print ISSN 2049-3630, online ISSN 2049-3649.",
        "Mirth exit code 3 means config invalid.",
        "All robots are on firmware 7.2",
        "Riunione del mattino: ogni giorno alle 10:30",
    ],
)
def test_a_short_fact_with_a_number_is_no_readout(content: str) -> None:
    assert junk_reason(content, content) is None


@pytest.mark.parametrize(
    "content",
    [
        "[INFO] Total time:  41.522 s",
        "[ERROR] Failed to execute goal on project billing",
        "fatal: unable to access the remote repository",
        "error: pathspec 'release' did not match any file(s) known to git",
        "[12:04:33] LogInit: Display: Engine is initialized.",
        "[2026.11.29-12.04.33:512][  0]LogInit: Build: ++UE5+Release-5.3",
    ],
)
def test_a_tool_s_tagged_or_lower_case_diagnostic_is_a_line_of_tool_output(content: str) -> None:
    """A level in brackets opening the line (Maven, Gradle, many CLIs) or a lower-case
    ``fatal:``/``error:`` diagnostic (git, compilers): the state of one moment."""
    assert junk_reason("Note", content) == TOOL_LINE


@pytest.mark.parametrize(
    "content",
    [
        "Error: budgets are reviewed monthly.",
        "INFO level logs are dropped after 7 days.",
        "The [INFO] prefix marks Maven's own lines.",
        "[12:00] Standup: the team meets in room 4.",
    ],
)
def test_a_sentence_that_names_a_level_or_an_error_is_kept(content: str) -> None:
    assert junk_reason("Note", content) is None


@pytest.mark.parametrize(
    "content",
    [
        "srun: error: gpu12: task 3: Out Of Memory",
        "gcc: error: unrecognized command-line option '-mfoo'",
        "ld: warning: directory not found for option '-L/opt/lib'",
        "slurmstepd: error: Detected 1 oom_kill event in StepId=88123.batch.",
        "Requirement already satisfied: numpy in /usr/lib/python3/dist-packages (1.26.4)",
        "Successfully installed pandas-2.2.1 pytz-2024.1",
        "Installing collected packages: pytz, pandas",
        "*** JOB 99120 ON cn042 CANCELLED AT 2025-01-02T03:04:05 ***",
        "slurmstepd: error: *** STEP 5512.0 ON node17 CANCELLED AT 2025-06-01T08:00:00 ***",
    ],
)
def test_a_program_s_diagnostic_or_banner_is_a_line_of_tool_output(content: str) -> None:
    """A program's name, a colon and its ``error:``/``warning:`` (srun, gcc, ld); pip's report
    of what it installed; a banner of upper-case words between ``***`` (Slurm): what a program
    printed, whatever it names."""
    assert junk_reason("Note", content) == TOOL_LINE


@pytest.mark.parametrize(
    "content",
    [
        "Jobs on gpu07 fail with 'Exited with exit code 1' when CUDA 11 is loaded.",
        "Note: error: lines from srun go to the job's .err file.",
        "Requirements are reviewed by Maria before each sprint.",
        "The portal shows *** PLANNED OUTAGE *** during upgrades.",
        "Successfully installed Grafana on all nodes last week.",
    ],
)
def test_a_sentence_that_quotes_a_diagnostic_is_kept(content: str) -> None:
    assert junk_reason("Note", content) is None


@pytest.mark.parametrize(
    "content",
    [
        "LogNet: Warning: Connection timed out for NetDriver GameNetDriver",
        "LogShaderCompilers: Display: 12 shaders left to compile",
        "[Pipeline #4412] Started by an SCM change",
        "Started by user build-bot",
        "main.c:12:9: Warning: unused variable 'tmp' [-Wunused-variable]",
        "Warning: comparison of integers of different signs [-Wsign-compare]",
        "  at Studio.Lobby.Party.Join(Guid partyId) in Party.cs:line 88",
        "   at System.Net.Sockets.Socket.Connect(EndPoint remoteEP)",
    ],
)
def test_an_engine_s_log_a_ci_start_a_compiler_warning_or_a_net_frame_is_tool_output(
    content: str,
) -> None:
    """Unreal's log category and verbosity, a CI job's cause, a compiler's warning with its
    flag, a .NET stack frame: what a program printed."""
    assert junk_reason("Note", content) == TOOL_LINE


@pytest.mark.parametrize(
    "content",
    [
        "LogRocket: we use it for session replays on the web shop.",
        "Started by the platform team in 2023, the launcher is now owned by live-ops.",
        "We build with -Werror; the flag [-Wunused-variable] is silenced in third_party/.",
        "The lobby joins at Studio.Lobby.Party.Join(), which checks the party size first.",
        "Warning: the staging database is shared with QA [see MM-DOC-14]",
    ],
)
def test_a_sentence_that_names_a_log_a_start_a_flag_or_a_method_is_kept(content: str) -> None:
    assert junk_reason("Note", content) is None


@pytest.mark.parametrize(
    "content",
    [
        "रिलीज़ 2.7.0.4412 मार्च अपडेट का अंतिम बिल्ड है।",
        "सर्वर 10.0.4.12 पर मैचमेकिंग चलती है",
        "বিল্ড 1.42.0.18734 জানুয়ারির আপডেট",
    ],
)
def test_a_fact_with_a_number_in_a_script_with_vowel_signs_is_no_readout(content: str) -> None:
    """A vowel sign of Devanagari or Bengali is part of a letter, and a danda ends a
    sentence: such a fact is not more marks than letters."""
    assert not readout(content)


def test_a_readout_of_marks_is_still_one_beside_such_a_script() -> None:
    assert readout("बिल्ड: 100%|██████████| 384/384 [00:12<00:00]")


@pytest.mark.parametrize(
    "text",
    [
        "[  OK  ] Started Modem Manager.",
        "[FAILED] Failed to start Cellular Watchdog.",
        "[DEPEND] Dependency failed for Remote File Systems.",
        "[ TIME ] Timed out waiting for device /dev/ttyUSB2.",
        "NOTE: Tasks Summary: Attempted 812 tasks of which 790 didn't need to be rerun.",
        "NOTE: Running task 1204 of 3310 (virtual:native:/poky/meta/cmake.bb:do_fetch)",
        "NOTE: Executing Tasks",
    ],
)
def test_a_service_managers_boot_console_and_bitbakes_notes_are_tool_lines(text: str) -> None:
    assert junk_reason(text.split("\n")[0][:60], text) == TOOL_LINE


@pytest.mark.parametrize(
    "text",
    [
        "[OK] Started means the unit is up, per the runbook.",
        "NOTE: the jig started rejecting boards after firmware 3.2.",
        "Note: Yocto builds of the gateway image take 40 minutes on the CI runner.",
        "The boot log shows 'Started Network Time Synchronization' about 9 s after power-on.",
    ],
)
def test_statements_about_boot_or_builds_are_not_tool_lines(text: str) -> None:
    assert junk_reason(text.split("\n")[0][:60], text) != TOOL_LINE
