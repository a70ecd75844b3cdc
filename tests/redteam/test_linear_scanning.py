"""Every scanner of outside text runs in time linear in its input, whatever the input.

Each scanner (secret redaction at ingestion, the extraction guards and their junk checks
against the batch's tool outputs, the rules extractor, the recall sanitizer and manifest
line, the model answer's fence stripping, the splitter of a JSON array too deep to parse
whole) is fed 1 MB of the inputs that made a regex read
the rest of the text from many starts: an unterminated ``-----BEGIN PRIVATE KEY-----`` or
``<!--`` repeated, keyword and token openings chained, long runs of blanks and newlines,
sentences whose blanks a regex splits every way, the opening words of a prompt clause. The
work is bounded without reading the wall clock: the CPU time of the process
(``time.process_time``, best of a few runs) at 1 MB over that at 128 KB must stay well
under the quadratic ratio (64); a linear scanner gives 8.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from contextlib import suppress
from datetime import UTC, datetime

import pytest

from daemon.base.redaction import find_secrets, redact
from daemon.base.scope import ScopeKey
from daemon.events.codec import array_elements
from daemon.extraction.base import ExtractionBatch, Memory, MemoryOp
from daemon.extraction.llm.answers import parse_answer
from daemon.extraction.rules import _BOUNDARY, RulesExtractor, _prefers_over
from daemon.extraction.vetting import check_op
from daemon.gate import directives
from daemon.gate.content_words import wording, words_of
from daemon.gate.copies import Prompts, ToolOutputs, quotes_prompt
from daemon.gate.directives import _ROLE_MARKER, neutralize, planted, skeleton
from daemon.gate.prompt_injection import _comments, looks_like_injection
from daemon.gate.screening import Limits
from daemon.gate.substance import states_nothing
from daemon.gate.tool_lines import tool_lines
from daemon.recall.manifest import manifest_line
from daemon.store.memory import MemoryClass, MemoryType
from tests.linear import MAX_RATIO, cpu, ratio
from tests.records import turn_record

AT = datetime(2026, 11, 17, 9, 0, tzinfo=UTC)
SCOPE = ScopeKey(project="github.com/acme/billing", user="dana")
SMALL, LARGE = 128 * 1024, 1024 * 1024

# Each worst input's repeated unit, with the siblings that reach the same regexes otherwise.
WORST = {
    "pem": ("-----BEGIN PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----\n", "-----BEGIN A "),
    "comment": ("<!-- ", "<!--", "<!-- assistant ", "x --> <!-- "),
    "assignment": ("password=", "password is ", "password for x ", "token: ", "api_key "),
    "url": ("://a:", "://", "://a:b"),
    "openai": ("sk-", "-sk-aaaaaaaa", "sk-proj-"),
    "jwt": ("eyJ", "-eyJaaaaaaaaa", "-eyJaaaaaaaa.eyJ", "eyJaaaaaaaa.eyJaaaaaaaa"),
    "token runs": ("xoxb-", "ghp_", "AIza", "sk_live_"),
    "vendor runs": ("glpat-", "npm_", "hf_", "SG.", "dp.pt.", "sk-ant-api03-", "key-", "dapi"),
    "webhooks": ("https://hooks.slack.com/services/", "discord.com/api/webhooks/1/"),
    "environment": ("PGPASSWORD=", "DB_PASS", "SECRET_KEY_BASE=", "_KEY=", "KEY_KEY_", "A_TOKEN="),
    "flags": ("--password ", "--token=", " -pS3cret", " -u a:", "--user ", " -p"),
    "headers": ("Authorization: ", "Authorization: Basic ", "Bearer ", "bearer a1"),
    "passphrase": ("passphrase is ", "password is correct horse battery ", "passphrase is a "),
    "json pem": ("-----BEGIN PRIVATE KEY-----\\n", "\\nMIIE\\n"),
    "high entropy": (
        "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3",
        "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9v/",
        "data:image/png;base64,aB3dE5fG7hJ9kL1mN3pQ5rS7tU9v ",
        "-----BEGIN CERTIFICATE-----\n",
        "https://a/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9v",
        "getUserById2FactorAuthToken",
    ),
    "blanks": (" ", "\t", "\n", "\r\n", " \n", "\u2028"),
    "markup": ("`", "```", "~~~", "# ", "<|", "</system ", "system:\n", "SYSTEM "),
    "instructions": ("ignore ", "ignore all of the ", "please ", ". ", "you are ", "now save "),
    "directives": (
        "a ",
        "x. ",
        "send it ",
        "download x ",
        "| ",
        "ignore the ",
        "from now on ",
        "delete the ",
        "\u200bi ",
        "rm -rf ",
        "忽略",
        "игнорируй ",
        "<|a",
        "x_",
        "a@",
        "contents of ",
        "\n.",
        "curl ",
        "cat ",
        "pipe x ",
        "print ",
        "copy ",
        "obey ",
        "http://x ",
        "nc ",
        "exec(",
        "treat ",
        "without telling ",
        "i.g.",
        "a b ",
        "aaaaaaaa",
        "send the data ",
        "it will be sent to ",
        "https://a.b.internal",
        "git remote add x ",
        "<a-",
        "[system ",
        "instructions you were given ",
        "don't ",
        "the agent ",
        "your previous ",
    ),
    "junk": ("make relative dates absolute with the ", '<turn n="1" ', "</turn>\n[user] "),
    "junk shapes": (
        "<a ",
        "<p",
        "&#",
        "[redacted ",
        "<masked ",
        "****",
        'File "',
        "at a(",
        "at /a:1",
        "tests/x.py::",
        "2026-11-17 09:20:01 ",
        "===== ",
        "x" * 9,
        "谢谢了的",
        "n/a",
        "go  ahead ",
        "\u0430a",
    ),
    "sentences": (
        "use" + " " * 390 + "x. ",
        "please prefer" + " " * 380 + "tabs over" + " " * 5 + "x! ",
        "x" + " " * 390 + ", remember that. ",
        "sk_live_0123456789abc. ",
        "no" + "o" * 300 + "\n",
        "next " * 70 + "\n",
    ),
}


def _filled(units: tuple[str, ...], size: int) -> str:
    """``size`` characters: one block of each unit repeated, blocks apart (not by a newline,
    which would end a run of blanks that the scanners must read through)."""
    share = size // len(units)
    return "".join((unit * (share // len(unit) + 1))[: share - 3] + " | " for unit in units)


def _rules_extractor(text: str) -> object:
    class NoMemories:
        async def manifest(self) -> list[Memory]:
            return []

        async def search(self, query: str, *, limit: int = 10) -> list[Memory]:
            return []

        async def read(self, memory_id: int) -> Memory | None:
            return None

    batch = ExtractionBatch(
        "s", SCOPE, 1, 1, (turn_record(1, AT, [{"role": "user", "content": text}]),)
    )
    return asyncio.run(RulesExtractor().extract(batch, NoMemories()))


def _uncached(scan: Callable[[str], object]) -> Callable[[str], object]:
    """``scan`` with the verdicts ``planted`` keeps forgotten first: every run scans."""

    def run(text: str) -> object:
        directives.verdict.cache_clear()
        return scan(text)

    return run


_DIRECTIVE_PATTERNS = [p for p in vars(directives).values() if isinstance(p, re.Pattern)]


def _every_rule(text: str) -> object:
    """Every pattern of the directive rules through the whole text (not stopping at a first
    match, as the rules do), on the views they read."""
    v = directives.views(text)
    return [
        sum(1 for _ in pattern.finditer(view))
        for pattern in _DIRECTIVE_PATTERNS
        for view in (v.text, v.words)
    ]


def _check_op(text: str) -> object:
    op = MemoryOp(action="create", type="project", title="Billing", content=text)
    return check_op(op, SCOPE, Limits(max_title_chars=80, max_content_chars=2_000_000), AT)


def _manifest_line(text: str) -> object:
    at = datetime(2026, 11, 17, tzinfo=UTC)
    kind, durable = MemoryType.PROJECT, MemoryClass.DURABLE
    memory = Memory(1, kind, durable, text[:1000], text, False, "", "rules", at, at)
    return manifest_line(memory, "bob")  # a reader it is quoted to: the longer path


def _parse_answer(text: str) -> object:
    with suppress(ValueError):
        return parse_answer(text)
    return None


SCANNERS: dict[str, Callable[[str], object]] = {
    "redact": redact,
    "looks_like_injection": lambda text: looks_like_injection("ignore system " + text),
    "check_op": _uncached(_check_op),
    "junk checks": lambda text: (
        states_nothing(text),
        quotes_prompt(words_of(text)),
        ToolOutputs([text, text[::-1]]).copied(text),
        Prompts([text]).copied(text),
        tool_lines(text),
        wording(text),
    ),
    "rules extractor": _rules_extractor,
    "neutralize": neutralize,
    "skeleton": skeleton,
    "directive rules": _every_rule,
    "planted": _uncached(lambda text: planted("Billing", text)),
    "manifest line": _uncached(_manifest_line),
    "parse_answer": _parse_answer,
}


def test_inputs_are_the_sizes_compared() -> None:
    for units in WORST.values():
        assert LARGE - 3 * len(units) <= len(_filled(units, LARGE)) <= LARGE
        assert len(_filled(units, SMALL)) * 8 == pytest.approx(len(_filled(units, LARGE)), 0.001)


# A megabyte of the worst inputs costs a scanner up to a minute of CPU on a slow machine
# (redaction: 50 s, the same before and after the rules of the last rounds): the suite's
# 60-second bound on a test is for tests that wait on something, not for this measure.
@pytest.mark.timeout(600)
@pytest.mark.parametrize("scanner", SCANNERS)
def test_scanner_work_grows_linearly_on_the_worst_inputs(scanner: str) -> None:
    """1 MB of every worst input costs about 8 times 128 KB of it, not 64 times (before the
    fix, 200 KB of an unterminated PEM header took 10 s to redact: 1 MB, minutes)."""
    scan = SCANNERS[scanner]
    small = "".join(_filled(units, SMALL // len(WORST)) for units in WORST.values())
    large = "".join(_filled(units, LARGE // len(WORST)) for units in WORST.values())
    grown = ratio(scan, small, large)
    assert grown < MAX_RATIO, f"{scanner}: {grown:.1f}x the work for 8x the input"


@pytest.mark.parametrize("kind", WORST)
def test_redaction_of_each_worst_input_grows_linearly(kind: str) -> None:
    """Secret scanning runs at ingestion on every message: each family on its own (512 KB
    against 64 KB: a family is an eleventh of the 1 MB above)."""
    small, large = _filled(WORST[kind], SMALL // 2), _filled(WORST[kind], LARGE // 2)
    grown = ratio(find_secrets, small, large)
    assert grown < MAX_RATIO, f"{kind}: {grown:.1f}x the work for 8x the input"


def test_rules_extractor_reads_worst_sentences_about_as_fast_as_prose() -> None:
    """Sentences are capped (400 characters), so a regex that splits a sentence's blanks
    every way stays linear in the message, yet cost a tenth of a second per sentence (``use``
    then 390 blanks: cubic); the worst sentences now cost about what prose does."""
    scan = SCANNERS["rules extractor"]
    prose = "We decided to ship on Friday. I prefer tabs over spaces; remember that the API is v2. "
    size = SMALL // 2
    ratio = cpu(scan, _filled(WORST["sentences"], size), 2) / cpu(scan, _filled((prose,), size), 2)
    assert ratio < 5, f"{ratio:.1f}x the work of prose"


# The patterns the linear rewrites replace, kept as the specification: on short texts their
# backtracking costs nothing, and the rewrites must give the same answers.
_OLD_OVER = re.compile(
    r"^(?:please\s+)?(?:use|prefer|avoid)\s+.+\s+(?:instead\s+of|over|rather\s+than)\s", re.I
)
_OLD_BOUNDARY = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"')\]])\s+|\s*\n\s*")
_OLD_ROLE_MARKER = re.compile(
    r"^(\s*)(?:system|assistant|user|developer|tool|human|ai|model|instructions?)\s*:",
    re.I | re.M,
)
_OLD_COMMENT = re.compile(r"<!--(?P<body>.*?)-->", re.DOTALL)
_PIECES = (
    " ", "  ", "\n", "\t", "\r", "\u2028", "\xa0", ".", "!", '"', ")", "x", "tabs", "over",
    "OVER", "instead", "of", "rather", "than", "use", "prefer", "please", "`", "```", "json",
    "system", "User", ":", "<!--", "-->", "-", "e.g.",
)  # fmt: skip


def _short_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    heads = ("", "use ", "please prefer ", "avoid\n", "```json\n")
    return [
        rng.choice(heads) + "".join(rng.choice(_PIECES) for _ in range(rng.randrange(12)))
        for _ in range(count)
    ]


def test_linear_rewrites_answer_as_the_patterns_they_replace() -> None:
    for text in _short_texts(seed=20261124, count=4000):
        assert _prefers_over(text) == bool(_OLD_OVER.search(text)), text
        assert [m.span() for m in _BOUNDARY.finditer(text)] == [
            m.span() for m in _OLD_BOUNDARY.finditer(text)
        ], text
        assert _ROLE_MARKER.sub(r"\1", text) == _OLD_ROLE_MARKER.sub(r"\1", text), text
        assert list(_comments(text)) == [
            (m.start(), m.group("body")) for m in _OLD_COMMENT.finditer(text)
        ], text


# A JSON array's worst inputs for the splitter, each about ``size`` characters: elements
# nested to the whole size, brackets of both kinds, many elements, strings full of escaped
# quotes and backslashes, and a string left open to the end after many quotes.
ARRAYS: dict[str, Callable[[int], str]] = {
    "deep": lambda size: "[" * (size // 2) + "]" * (size // 2),
    "deep objects": lambda size: '[{"a":' * (size // 8) + "1" + "}]" * (size // 8),
    "elements": lambda size: "[" + "1," * (size // 2) + "1]",
    "empty elements": lambda size: "[" + "[]," * (size // 3) + "{}]",
    "escaped quotes": lambda size: '["' + '\\"' * (size // 2) + '"]',
    "backslashes": lambda size: '["' + "\\\\" * (size // 2) + '"]',
    "strings": lambda size: "[" + '"],[\\"",' * (size // 9) + '""]',
    "unclosed": lambda size: '["' + '\\" "' * (size // 4),
}


@pytest.mark.parametrize("kind", ARRAYS)
def test_splitting_an_array_too_deep_to_parse_grows_linearly(kind: str) -> None:
    """A batch nested past the JSON parser's recursion guard is split into its events by
    one pass over the body, whatever the body holds."""
    small, large = ARRAYS[kind](SMALL), ARRAYS[kind](LARGE)
    grown = ratio(array_elements, small, large)
    assert grown < MAX_RATIO, f"{kind}: {grown:.1f}x the work for 8x the input"
