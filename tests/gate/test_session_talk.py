"""Talk of one session's moment is told from facts that share its words."""

from __future__ import annotations

import pytest

from daemon.gate import session_talk as talk
from daemon.gate.session_talk import listing, session_talk
from tests.linear import MAX_RATIO, ratio

MOMENTS = [
    ("Nothing worth saving from this exchange.", talk.NOTHING_TO_SAVE),
    ("No new facts to remember.", talk.NOTHING_TO_SAVE),
    ("No useful information was found.", talk.NOTHING_TO_SAVE),
    ("Nichts zu speichern.", talk.NOTHING_TO_SAVE),
    ("Rien à noter.", talk.NOTHING_TO_SAVE),
    ("Нечего запоминать.", talk.NOTHING_TO_SAVE),
    ("没有值得记住的。", talk.NOTHING_TO_SAVE),
    ("The linter is currently running.", talk.RUNNING),
    ("Deploy underway.", talk.RUNNING),
    ("Still waiting for the review bot.", talk.RUNNING),
    ("Indexing docs 80%", talk.RUNNING),
    ("Migration running, ETA 3 min", talk.RUNNING),
    ("Der Export läuft noch.", talk.RUNNING),
    ("La compilación se está ejecutando.", talk.RUNNING),
    ("ビルド中です。", talk.RUNNING),
    ("Sorry, I cannot assist with this.", talk.REFUSAL),
    ("Desculpe, não posso ajudar com isso.", talk.REFUSAL),
    ("I can't help with that request.", talk.REFUSAL),
    ("Still compiling shaders, 45% done.", talk.RUNNING),
    ("Sorry, I don't have access to that repository.", talk.REFUSAL),
    ("これからファイルを確認します。", talk.NEXT_STEP),
    ("我现在就去检查日志。", talk.NEXT_STEP),
    ("Let me check the failing job.", talk.NEXT_STEP),
    ("Next step: grep for the old flag.", talk.NEXT_STEP),
    ("About to retry the upload.", talk.NEXT_STEP),
    ("The assistant and the user went over the logs.", talk.RETOLD),
    ("User wanted to know whether Redis is required.", talk.RETOLD),
    ("Questions about the billing export.", talk.RETOLD),
    ("Der Nutzer fragte nach dem Build.", talk.RETOLD),
    ("Questions about the cluster came up again.", talk.RETOLD),
    ("The user asked where the logs go.", talk.RETOLD),
    ("A question about whether quotas go up next year.", talk.RETOLD),
    ("Hello everyone!", talk.GREETING),
    ("Buenos días", talk.GREETING),
    ("Tomorrow at 9am", talk.BARE_TIME),
    ("Tags: misc", talk.BARE_LABEL),
]

FACTS = [
    "The cluster is running Kubernetes 1.29.",
    "Billing is now running on Kubernetes.",
    "Legacy billing is still running.",
    "We discussed and chose Postgres over Mongo.",
    "The user asked us to always use UTC in logs.",
    "The user prefers tabs.",
    "The user mentioned that staging is shared with QA.",
    "Waiting for legal approval before launching in Germany.",
    "Nothing runs on the batch hosts on weekends.",
    "No data leaves the EU region.",
    "Going to Postgres 16 was decided in the Q3 review.",
    "Tests are run with pytest -n auto in CI.",
    "Тесты выполняются в CI.",
    "Let me know-how docs live in the wiki.",
    "Hi-res exports are generated nightly.",
    "Status: frozen until the audit ends.",
    "Compiling shaders takes 45% of the build time.",
    # Where questions are to be sent is a fact of the team, not a retelling.
    "Questions about the cluster go to hpc-support@uni.example.edu.",
    "Questions about billing should go to #fin-help.",
    "Questions about access are handled by the identity team.",
    "Questions on the data policy are answered in the Friday office hours.",
    "Questions regarding invoices can be sent to ap@acme.example.",
]


@pytest.mark.parametrize(("text", "reason"), MOMENTS, ids=[t for t, _ in MOMENTS])
def test_talk_of_the_moment_is_named(text: str, reason: str) -> None:
    assert session_talk(text) == reason


@pytest.mark.parametrize("text", FACTS)
def test_facts_in_the_same_words_are_not(text: str) -> None:
    assert session_talk(text) is None


def test_a_moment_beside_a_fact_is_left_to_the_fact() -> None:
    long = "Tests are running now; " + "the suite takes forty minutes on the shared runners. " * 3
    assert session_talk(long) is None


@pytest.mark.parametrize(
    "text",
    [
        "package.json  src/  node_modules/  README.md",
        "-rw-r--r--  1 dev dev  220 Nov 28 10:00 .bashrc\n"
        "drwxr-xr-x  2 dev dev 4096 Nov 28 10:00 bin",
        "├── api\n│   └── routes.py\n└── README.md",
        # set AB: led by the prompt, bare folder names beside files, an indented tree
        "$ ls\nREADME.md  src  tests  pyproject.toml",
        "src/\n  main.py\n  utils.py\ntests/\n  test_main.py",
    ],
)
def test_a_file_listing_is_a_listing(text: str) -> None:
    assert listing(text)


@pytest.mark.parametrize(
    "text",
    [
        "Configs live in deploy/ and docs/.",
        "Use  uv  not  pip",
        "app.py  main.py",  # two names: too little to call a listing
        "",
        "Payments  Billing  Orders are the three bounded contexts.",
        "Repos: api  web  worker",  # no file or folder named as one
        "main.py\nutils.py",  # two lines: too little
        "$ ls",
        "Our services:\n  api\n  web\n  worker",
    ],
)
def test_sentences_and_short_pairs_are_not(text: str) -> None:
    assert not listing(text)


@pytest.mark.parametrize("lead", ["", "compiling ", "still compiling "])
def test_the_moment_is_read_in_linear_time_up_to_the_longest_line_read(lead: str) -> None:
    # A word after a verb's "-ing" that could be split in many ways was read in cubic time.
    small, large = (lead + "a" * (n - len(lead)) + "1" for n in (19, 158))
    assert ratio(session_talk, small, large) < MAX_RATIO


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Please summarise the session and save anything useful as a memory.",
            talk.ASKS_FOR_MEMORIES,
        ),
        ("Save this conversation.", talk.ASKS_FOR_MEMORIES),
        ("All tests passed.", talk.RESULT),
        ("Build failed.", talk.RESULT),
        ("CI is green again.", talk.RESULT),
        ("Looked at the file.", talk.LOOKED),
        ("Checked the logs.", talk.LOOKED),
    ],
)
def test_a_request_for_memories_a_result_and_a_look_are_session_talk(
    text: str, reason: str
) -> None:
    assert session_talk(text) == reason


@pytest.mark.parametrize(
    "text",
    [
        "Remember the session timeout is 30 minutes.",
        "All tests passed on the 2.3 release candidate after the fix to the parser.",
        "Checked the logs: the OOM killer hit the worker at 03:12.",
        "The build fails on ARM runners since GCC 14.",
    ],
)
def test_a_fact_about_a_session_a_result_or_a_look_is_kept(text: str) -> None:
    assert session_talk(text) is None


def test_a_listing_after_its_command_needs_one_files_name() -> None:
    assert listing("$ ls\nREADME.md  src  tests")
    assert not listing("README.md  src  tests")
