"""Every Redis key derives from one prefix: two deployments on one server never meet."""

from __future__ import annotations

import fnmatch

import pytest

from daemon.base.redis_keys import (
    ARQ_JOB_KEY_PREFIXES,
    CONSUMER_GROUP,
    Keys,
    as_text,
    glob_escape,
)
from daemon.base.settings import Settings


def every_key(keys: Keys) -> list[str]:
    return [
        keys.stream,
        keys.dead,
        keys.queue,
        keys.queue_health_check,
        keys.workers,
        keys.worker("w1"),
        keys.scheduled_job("sweep"),
        keys.llm_breaker,
        keys.embeddings_breaker,
        keys.keys_epoch,
        keys.rate("k1", 7),
        keys.gen(("acme", "s1")),
        keys.lock(("acme", "s1")),
        keys.extract_job_id(("acme", "s1")),
        keys.cron_lock("sweep"),
    ]


def test_the_documented_names() -> None:
    keys = Keys("md")
    assert every_key(keys) == [
        "md:turns",
        "md:dead",
        "md:queue",
        "md:queue:health-check",
        "md:workers",
        "md:workers:w1",
        "md:sweep",
        "md:llm:breaker",
        "md:embeddings:breaker",
        "md:keys:epoch",
        "md:rate:k1:7",
        "md:gen:acme:s1",
        "md:lock:acme:s1",
        "md:extract:acme:s1",
        "md:cron:sweep",
    ]
    assert keys.group == CONSUMER_GROUP
    assert Keys.of(Settings(redis_prefix="other")) == Keys("other")
    assert Keys().prefix == "memoryd"


def test_two_prefixes_share_no_key_and_each_pattern_finds_only_its_own() -> None:
    ours, theirs = Keys("a"), Keys("a-b")
    assert not set(every_key(ours)) & set(every_key(theirs))
    for key in every_key(ours) + [p + ours.extract_job_id("s1") for p in ARQ_JOB_KEY_PREFIXES]:
        assert any(_matches(key, pattern) for pattern in ours.all_patterns()), key
    for key in every_key(theirs):
        assert not any(_matches(key, pattern) for pattern in ours.all_patterns()), key


def test_a_prefix_with_glob_characters_matches_only_itself() -> None:
    keys = Keys("run[1]*")
    assert glob_escape("run[1]*") == "run\\[1\\]\\*"
    assert all(_matches(key, p) for key in every_key(keys) for p in keys.all_patterns()[-1:])
    assert not _matches("run1x:turns", keys.all_patterns()[-1])


@pytest.mark.parametrize("prefix", ["", "two words", "tab\there"])
def test_a_bad_prefix_is_refused(prefix: str) -> None:
    with pytest.raises(ValueError, match="bad Redis key prefix"):
        Keys(prefix)


def test_as_text_reads_what_redis_answers() -> None:
    assert as_text(b"caf\xc3\xa9") == "café"
    assert as_text(b"\xff ok") == "\ufffd ok"
    assert as_text(42) == "42"


def _matches(key: str, pattern: str) -> bool:
    """Redis's glob, as far as these patterns use it (``*`` and backslash escapes)."""
    translated = "".join(
        f"[{c}]" if c in "[]*?" and escaped else c for c, escaped in _unescape(pattern)
    )
    return fnmatch.fnmatchcase(key, translated)


def _unescape(pattern: str) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    chars = iter(pattern)
    for c in chars:
        out.append((next(chars), True) if c == "\\" else (c, False))
    return out
