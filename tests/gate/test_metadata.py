"""A memory's metadata as the gate reads it: the shape it may take (16 keys, names of
``[A-Za-z0-9_.-]{1,64}``, scalar values, strings of 256 characters), each breach naming its
field; a credential in a string value refused by :func:`screen` like one in the content, and
redacted by :func:`screen_held` (imports); a filter's pairs checked and sorted."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.base.scope import ScopeKey
from daemon.gate.metadata import BadMetadata, checked, redacted, secret_in, text, wanted
from daemon.gate.refusal import Reason, Refused
from daemon.gate.screening import Draft, Limits, Screened, screen, screen_held

TOKEN = "ghp_" + "Zq8Rv2Lm5Tx9Wk3Hn7Jd4Bc6Fy1Gp0Ns8Ma2"
SCOPE = ScopeKey(project="billing", user="alice")
LIMITS = Limits(200, 4000)
FACT = "The billing service deploys from the main branch."


def test_scalars_within_the_limits_are_kept() -> None:
    most = {f"k.{n}_-": "v" * 256 for n in range(15)} | {"n": 2**53 - 1}
    assert checked(most) == most
    scalars = {"s": "", "i": -3, "f": 1.5, "t": True, "none": None}
    assert checked(scalars) == scalars
    assert checked(None) == {}


@pytest.mark.parametrize(
    ("value", "field", "said"),
    [
        ({f"k{n}": 1 for n in range(17)}, "metadata", "17 keys, more than 16"),
        ({"k" * 65: 1}, "metadata", "is not a name"),
        ({"a b": 1}, "metadata", "is not a name"),
        ({"": 1}, "metadata", "is not a name"),
        ({"note": "x" * 257}, "metadata.note", "257 characters"),
        ({"deep": {"a": 1}}, "metadata.deep", "not an object"),
        ({"list": [1]}, "metadata.list", "not list"),
        ({"nan": float("nan")}, "metadata.nan", "finite"),
        ({"big": 2**53}, "metadata.big", "within"),
        ({"nul": "a\x00b"}, "metadata.nul", "NUL"),
        ([("a", 1)], "metadata", "an object"),
        ("text", "metadata", "an object"),
    ],
)
def test_each_breach_names_its_field(value: Any, field: str, said: str) -> None:
    with pytest.raises(BadMetadata, match=said) as raised:
        checked(value)
    assert raised.value.field == field


def test_screen_refuses_a_credential_in_a_value_like_one_in_the_content() -> None:
    for value in (TOKEN, f"password={TOKEN[4:]}", "[redacted:github_token]"):
        refused = screen(
            Draft("project", "durable", "", FACT, metadata={"auth": value}), SCOPE, LIMITS
        )
        assert isinstance(refused, Refused) and refused.reason == Reason.SECRET
        assert refused.field == "metadata.auth" and TOKEN not in refused.excerpt
    kept = screen(
        Draft("project", "durable", "", FACT, metadata={"commit": "3f9a2c1e"}), SCOPE, LIMITS
    )
    assert isinstance(kept, Screened) and kept.metadata == {"commit": "3f9a2c1e"}
    bad = screen(
        Draft("project", "durable", "", FACT, metadata=cast(Any, {"a": {}})), SCOPE, LIMITS
    )
    assert isinstance(bad, Refused) and bad.field == "metadata.a"
    assert screen(Draft("project", "durable", "", FACT), SCOPE, LIMITS).metadata == {}  # type: ignore[union-attr]


def test_an_import_keeps_its_metadata_with_secrets_replaced_by_their_marks() -> None:
    held = screen_held(Draft("project", "durable", "", FACT, metadata={"auth": TOKEN, "n": 1}))
    assert isinstance(held, Screened)
    assert held.metadata["n"] == 1 and TOKEN not in str(held.metadata["auth"])
    assert "[redacted:" in str(held.metadata["auth"])
    assert redacted({"a": None, "b": False}) == {"a": None, "b": False}
    assert secret_in({"a": 1, "b": "billing"}) is None


def test_a_filters_pairs_are_checked_and_sorted() -> None:
    assert wanted([("b", "x"), ("a", 3), ("c", True), ("b", "x")]) == (
        ("a", "3"),
        ("b", "x"),
        ("c", "true"),
    )
    assert [text(v) for v in ("s", 3, 1.5, False, None)] == ["s", "3", "1.5", "false", None]
    assert wanted([("a", "x"), ("a", "y")]) == (("a", "x"), ("a", "y"))  # holds for none
    for bad in ([("a", None)], [("a", {"b": 1})], [("a b", "x")]):
        with pytest.raises(BadMetadata):
            wanted(bad)
    with pytest.raises(BadMetadata, match="more than 16"):
        wanted([(f"k{n}", "v") for n in range(17)])


_HOSTILE_TEXT = st.text(
    alphabet=st.characters(codec=None, categories=None), max_size=300
) | st.sampled_from(
    ["\x00", "\ud800", "\uff54\uff4f\uff4b\uff45\uff4e", "a" * 257, "[redacted:x]", ""]
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _HOSTILE_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_HOSTILE_TEXT, inner, max_size=3),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_HOSTILE_TEXT | st.sampled_from(["ok", "a.b-c_d"]), _JSON, max_size=20))
def test_hostile_metadata_is_kept_within_the_rules_or_refused_naming_a_field(value: Any) -> None:
    try:
        kept = checked(value)
    except BadMetadata as exc:
        assert exc.field == "metadata" or exc.field.removeprefix("metadata.") in value
        return
    assert len(kept) <= 16
    for key, item in kept.items():
        assert re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", key)
        assert item is None or isinstance(item, bool | int | float | str)
        assert not isinstance(item, str) or (len(item) <= 256 and "\x00" not in item)


def test_an_opaque_value_needs_a_key_that_names_it() -> None:
    # A token of no known vendor, with no credential word: refused unless the key names it
    # as a public identifier, as the words before a token in a shared memory would.
    unknown = "k3j9x2m8q7w1z5p4r6t0"
    assert secret_in({"ref": unknown}) == ("metadata.ref", "[redacted:opaque_token]")
    sha = "9f2c1e7ab34d5c6e8f90a1b2c3d4e5f6a7b8c9d0"
    assert secret_in({"commit_sha": sha}) is None
    assert secret_in({"ticket": "OPS-12"}) is None
