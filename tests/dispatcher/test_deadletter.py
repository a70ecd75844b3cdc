"""A dead letter keeps at most a capped payload, with the whole payload's size and digest."""

from __future__ import annotations

import hashlib
import json

from hypothesis import given
from hypothesis import strategies as st

from daemon.dispatcher.deadletter import cut, dead_letter_fields, owner_fields

CAP = 64


def fields(payload: bytes, cap: int = CAP) -> dict[str, str | bytes]:
    return dead_letter_fields(
        payload,
        "too big",
        entry_id="1-0",
        at="2026-11-17T09:00:00+00:00",
        consumer="d1",
        max_payload_bytes=cap,
    )


def test_a_small_payload_is_kept_whole() -> None:
    letter = fields(b'{"v": 1}')
    assert letter["payload"] == b'{"v": 1}'
    assert letter["truncated"] == "0" and letter["bytes"] == "8"
    assert letter["sha256"] == hashlib.sha256(b'{"v": 1}').hexdigest()
    assert {"reason", "entry_id", "at", "consumer"} <= letter.keys()
    assert "scope" not in letter and "session_id" not in letter


def test_a_ten_megabyte_payload_is_capped_with_its_size_and_digest() -> None:
    event = {"v": 1, "session_id": "s1", "scope": {"project": "p", "user": "dana"}}
    payload = json.dumps({**event, "summary": "x" * 10_000_000}).encode()
    letter = fields(payload, 65_536)
    assert letter["payload"] == payload[:65_536]
    assert letter["truncated"] == "1"
    assert letter["bytes"] == str(len(payload))
    assert letter["sha256"] == hashlib.sha256(payload).hexdigest()
    # what erasure needs, out of the part that was cut away
    assert letter["session_id"] == "s1"
    assert json.loads(letter["scope"]) == {"project": "p", "user": "dana"}


def test_the_cut_does_not_split_a_character() -> None:
    payload = "é".encode() * 100  # two bytes each
    kept = fields(payload, 65)["payload"]
    assert isinstance(kept, bytes) and len(kept) == 64
    kept.decode("utf-8")


def test_the_reason_is_capped() -> None:
    letter = dead_letter_fields(
        b"x", "r" * 10_000, entry_id="1-0", at="t", consumer="c", max_payload_bytes=CAP
    )
    assert len(letter["reason"]) == 1000


def test_a_hostile_payload_has_no_owner() -> None:
    assert owner_fields(b"[" * 100_000) == {}
    assert owner_fields(b"\xff\xfe") == {}
    assert owner_fields(b'{"session_id": 3, "scope": "p"}') == {}


@given(st.binary(max_size=300), st.integers(min_value=1, max_value=300))
def test_the_cut_is_a_prefix_within_the_cap(payload: bytes, cap: int) -> None:
    kept = cut(payload, cap)
    assert payload.startswith(kept)
    assert len(kept) <= cap
    assert len(kept) >= min(len(payload), cap) - 3  # at most a character is held back


@given(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=200),
    st.integers(min_value=4, max_value=300),
)
def test_a_cut_utf8_text_stays_utf8(text: str, cap: int) -> None:
    cut(text.encode("utf-8"), cap).decode("utf-8")
