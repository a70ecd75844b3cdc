"""Sealing at rest: an envelope opens only in the place it was sealed for and only with its
key; clear text that looks like an envelope stays clear; a key ring parses or says why not;
a memory's integrity tag catches a change of any field it covers."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base import sealing
from daemon.base.errors import ConfigError, SealedDataError
from daemon.base.sealing import CLEAR, DataKeys, Sealer, Verdict, new_key_line, place
from daemon.base.settings import DataSettings


def _key(byte: int) -> str:
    return base64.b64encode(bytes([byte]) * 32).decode()


K1 = f"k1:{_key(1)}"
K2 = f"k2:{_key(2)}"
HERE = place("messages", "content", "t", "p", "u", "s1", "m1")


def sealer(*lines: str) -> Sealer:
    return Sealer(DataKeys.parse(",".join(lines), source="test"))


def test_a_sealed_text_holds_no_clear_text_and_opens_back() -> None:
    s = sealer(K1)
    stored = s.seal("deploy on Fridays", HERE)
    assert stored is not None and stored.startswith("enc:v1:k1:")
    assert "Fridays" not in stored
    assert s.open(stored, HERE) == "deploy on Fridays"
    assert s.seal("same", HERE) != s.seal("same", HERE)  # a fresh nonce each time


def test_a_ciphertext_moved_to_another_row_or_column_does_not_open() -> None:
    s = sealer(K1)
    stored = s.seal("secret plan", HERE)
    for elsewhere in (
        place("messages", "content", "t", "p", "u", "s1", "m2"),
        place("messages", "content", "other", "p", "u", "s1", "m1"),
        place("turns", "summary", "t", "p", "u", "s1", "m1"),
    ):
        with pytest.raises(SealedDataError, match="altered, or moved"):
            s.open(stored, elsewhere)


def test_a_value_sealed_with_a_key_not_configured_says_which_key() -> None:
    stored = sealer(K1).seal("x", HERE)
    with pytest.raises(SealedDataError, match=r"key 'k1', which is not configured \(config"):
        sealer(K2).open(stored, HERE)
    with pytest.raises(SealedDataError, match="configured: none"):
        CLEAR.open(stored, HERE)


def test_the_same_key_id_with_other_key_bytes_does_not_open() -> None:
    stored = sealer(K1).seal("x", HERE)
    with pytest.raises(SealedDataError, match="does not open"):
        sealer(f"k1:{_key(9)}").open(stored, HERE)


def test_an_older_key_of_the_ring_still_opens_and_stale_says_what_to_reseal() -> None:
    old = sealer(K1).seal("x", HERE)
    ring = sealer(K2, K1)
    assert ring.open(old, HERE) == "x"
    assert ring.stale(old) and not ring.stale(ring.seal("x", HERE))
    assert ring.stale("clear text") and not CLEAR.stale("clear text")


@given(st.text())
def test_clear_text_round_trips_even_when_it_looks_like_an_envelope(text: str) -> None:
    for prefix in ("", "enc:v1:k1:", "clr:", "enc:"):
        value = prefix + text
        assert CLEAR.open(CLEAR.seal(value, HERE), HERE) == value
        assert sealer(K1).open(sealer(K1).seal(value, HERE), HERE) == value


def test_a_host_cannot_plant_an_envelope_in_a_clear_store() -> None:
    planted = sealer(K1).seal("planted", HERE)
    stored = CLEAR.seal(planted, HERE)
    assert stored == f"clr:{planted}"
    assert sealer(K1).open(stored, HERE) == planted  # read back as the text it was


def test_json_values_seal_as_one_envelope_and_come_back_equal() -> None:
    calls = [{"id": "c1", "function": {"name": "bash", "arguments": '{"cmd": "ls"}'}}]
    s = sealer(K1)
    stored = s.seal_json(calls, HERE)
    assert isinstance(stored, str) and "bash" not in stored
    assert s.open_json(stored, HERE) == calls
    assert CLEAR.seal_json(calls, HERE) is calls and CLEAR.open_json(calls, HERE) is calls


def test_files_seal_with_the_name_they_belong_to() -> None:
    s = sealer(K1)
    here = place("truncation", "mt-a.txt")
    data = s.seal_bytes(b"line 1\nline 2", here)
    assert b"line" not in data and Sealer.file_key_of(data) == "k1"
    assert s.open_bytes(data, here) == b"line 1\nline 2"
    with pytest.raises(SealedDataError):
        s.open_bytes(data, place("truncation", "mt-b.txt"))
    assert CLEAR.open_bytes(b"clear", here) == b"clear"


FIELDS = ("t", "p", "u", "project", "Deploy", "We deploy on Fridays.")


@pytest.mark.parametrize("signer", [CLEAR, sealer(K1)], ids=["digest", "hmac"])
def test_a_change_of_any_covered_field_breaks_the_integrity_tag(signer: Sealer) -> None:
    tag = signer.integrity(*FIELDS)
    assert signer.verify(tag, *FIELDS) is Verdict.INTACT
    for index in range(len(FIELDS)):
        changed = list(FIELDS)
        changed[index] += "!"
        assert signer.verify(tag, *changed) is Verdict.TAMPERED
    # Moving text between fields is a change too (fields are length-prefixed).
    assert signer.verify(tag, "t", "p", "u", "project", "Deploy We", "deploy on Fridays.") is (
        Verdict.TAMPERED
    )
    assert signer.verify(None, *FIELDS) is Verdict.TAMPERED
    assert signer.verify("junk", *FIELDS) is Verdict.TAMPERED


def test_a_row_found_intact_is_not_hashed_again_until_a_field_differs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    signer = sealer(K1)
    tag = signer.integrity(*FIELDS, metadata=META)
    hashed: list[bytes] = []
    real = signer._verified

    def counted(tag: str, data: bytes) -> Verdict:
        hashed.append(data)
        return real(tag, data)

    monkeypatch.setattr(signer, "_verified", counted)
    for _ in range(3):
        assert signer.verify(tag, *FIELDS, metadata=dict(META)) is Verdict.INTACT
    assert len(hashed) == 1
    # The same row with one field or one metadata value changed is hashed, and fails.
    assert signer.verify(tag, *FIELDS[:-1], FIELDS[-1] + "!", metadata=META) is Verdict.TAMPERED
    assert signer.verify(tag, *FIELDS, metadata={**META, "priority": 4}) is Verdict.TAMPERED
    assert signer.verify(tag, *FIELDS) is Verdict.TAMPERED  # its metadata dropped
    assert len(hashed) == 4
    # A tampered row is never remembered: it fails each time it is read.
    assert signer.verify(tag, *FIELDS) is Verdict.TAMPERED
    assert len(hashed) == 5


def test_a_full_memory_of_intact_rows_forgets_the_oldest_and_still_answers_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sealing, "_REMEMBERED", 100)
    signer = sealer(K1)
    rows = [(*FIELDS[:-1], f"text {n}") for n in range(150)]
    tags = [signer.integrity(*row) for row in rows]
    for tag, row in zip(tags, rows, strict=True):
        assert signer.verify(tag, *row) is Verdict.INTACT
    assert len(signer._intact) == 100
    hashed: list[bytes] = []
    real = signer._verified

    def counted(tag: str, data: bytes) -> Verdict:
        hashed.append(data)
        return real(tag, data)

    monkeypatch.setattr(signer, "_verified", counted)
    # The newest hundred are still remembered (forgetting all at once checked them again);
    # the oldest fifty are checked anew, and answer right.
    assert all(
        signer.verify(t, *r) is Verdict.INTACT for t, r in zip(tags[50:], rows[50:], strict=True)
    )
    assert hashed == []
    assert all(
        signer.verify(t, *r) is Verdict.INTACT for t, r in zip(tags[:50], rows[:50], strict=True)
    )
    assert len(hashed) == 50
    assert len(signer._intact) == 100
    assert signer.verify(tags[0], *rows[1]) is Verdict.TAMPERED


#: The tags of :data:`FIELDS` as every release before metadata was signed wrote them.
OLD_TAGS = {
    "digest": "s1:8b69f996e8e0c060040f2efa5bd0d874327bfb5d3f4fff3bf9bc665c0c685d86",
    "hmac": "h1:k1:f5c95e21b352b758f5c10df229073c286390d7414ea85890a9b1a91a9865573d",
}
META = {"ticket": "OPS-12", "priority": 3, "urgent": True, "ratio": 1.5, "owner": None}


@pytest.mark.parametrize("signer", [CLEAR, sealer(K1)], ids=["digest", "hmac"])
def test_a_memory_without_metadata_keeps_the_tag_it_always_had(
    signer: Sealer, request: pytest.FixtureRequest
) -> None:
    """No metadata (none or ``{}``) signs the same bytes as before metadata was covered, so
    every stored tag still verifies."""
    old = OLD_TAGS[request.node.callspec.id]
    assert signer.integrity(*FIELDS) == old
    assert signer.integrity(*FIELDS, metadata={}) == old
    assert signer.verify(old, *FIELDS) is Verdict.INTACT
    assert signer.verify(old, *FIELDS, metadata={}) is Verdict.INTACT


@pytest.mark.parametrize("signer", [CLEAR, sealer(K1)], ids=["digest", "hmac"])
def test_metadata_is_under_the_integrity_tag(signer: Sealer) -> None:
    """A memory's metadata is signed with its fields (as canonical JSON: the order of its
    keys does not matter): a value changed, a key added or removed, metadata added to a
    memory signed without any or removed from one signed with it, each breaks the tag."""
    tag = signer.integrity(*FIELDS, metadata=META)
    assert tag != signer.integrity(*FIELDS) and tag[:3] == signer.integrity(*FIELDS)[:3]
    assert signer.verify(tag, *FIELDS, metadata=META) is Verdict.INTACT
    shuffled = dict(reversed(list(META.items())))
    assert signer.verify(tag, *FIELDS, metadata=shuffled) is Verdict.INTACT
    for changed in (
        {**META, "ticket": "OPS-13"},
        {**META, "priority": "3"},
        {**META, "priority": 3.5},
        {**META, "urgent": False},
        {**META, "extra": 1},
        {k: v for k, v in META.items() if k != "owner"},
        {},
        None,
    ):
        assert signer.verify(tag, *FIELDS, metadata=changed) is Verdict.TAMPERED, changed
    plain = signer.integrity(*FIELDS)
    assert signer.verify(plain, *FIELDS, metadata={"ticket": "OPS-12"}) is Verdict.TAMPERED
    # Metadata is one more length-prefixed part: text moved into it from the content is
    # a change too.
    moved = (*FIELDS[:-1], FIELDS[-1][:-1])
    assert signer.verify(tag, *moved, metadata=META) is Verdict.TAMPERED


def test_a_keyed_tag_cannot_be_made_without_the_key() -> None:
    tag = sealer(K1).integrity(*FIELDS)
    assert tag.startswith("h1:k1:")
    assert sealer(f"k1:{_key(7)}").verify(tag, *FIELDS) is Verdict.TAMPERED
    assert CLEAR.verify(tag, *FIELDS) is Verdict.UNKNOWN_KEY
    assert sealer(K2, K1).verify(tag, *FIELDS) is Verdict.INTACT
    assert sealer(K2, K1).integrity_stale(tag) and not sealer(K1).integrity_stale(tag)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("k1", "not <id>:<base64 key>"),
        ("k1:not base64!", "is not base64"),
        (f"k1:{base64.b64encode(b'short').decode()}", "5 bytes, a key has 32"),
        (f"{K1},{K1}", "listed twice"),
        ("bad id:" + _key(1), "letters, digits"),
        ("# only a comment\n", "no key listed"),
    ],
)
def test_a_bad_key_ring_is_refused_with_the_reason_and_never_the_key(
    text: str, message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        DataKeys.parse(text, source="MEMORYD_DATA__KEYS")
    assert _key(1) not in str(caught.value)


def test_keys_come_from_the_environment_or_a_file_not_both(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "keys"
    path.write_text(f"# rotated 2026-11\n{K2}\n{K1}\n", "utf-8")
    ring = DataSettings(key_file=path).ring()
    assert ring is not None and ring.primary == "k2" and ring.ids == ("k2", "k1")
    from_env = DataSettings.model_validate({"keys": K1}).ring()
    assert from_env is not None and from_env.primary == "k1"
    assert DataSettings().ring() is None
    with pytest.raises(ConfigError, match="set one, not both"):
        DataSettings.model_validate({"keys": K1, "key_file": path}).ring()
    with pytest.raises(ConfigError, match="cannot read"):
        DataSettings(key_file=path.with_name("missing")).ring()


def test_a_new_key_line_parses_as_a_ring() -> None:
    line = new_key_line("2026-11")
    ring = DataKeys.parse(line, source="test")
    assert ring.primary == "2026-11"
    with pytest.raises(ConfigError):
        new_key_line("no spaces")
