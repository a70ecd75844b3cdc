"""Tenant keys as text: ``mdk_<id>_<secret>``, known by their public id and their digest."""

from __future__ import annotations

import hashlib
import re

from daemon.access.tokens import PREFIX, digest, key_id_of, new_key, same_digest


def test_keys_are_high_entropy_and_known_by_their_digest_only() -> None:
    made = [new_key() for _ in range(50)]
    assert len({k.text for k in made}) == 50
    for key in made:
        assert key_id_of(key.text) == key.key_id
        assert same_digest(key.digest, digest(key.text))
        assert key.key_id not in key.digest and key.text not in key.digest
    assert key_id_of("mdk_short") is None
    assert key_id_of(made[0].text + "x") is None
    assert not same_digest(made[0].digest, made[1].digest)


def test_a_key_has_the_documented_shape() -> None:
    key = new_key()
    assert re.fullmatch(rf"{PREFIX}_[0-9a-f]{{12}}_[A-Za-z0-9_-]{{43}}", key.text)
    assert key.text.startswith(f"mdk_{key.key_id}_")
    assert key.digest == hashlib.sha256(key.text.encode()).hexdigest()


def test_only_well_formed_keys_have_an_id() -> None:
    good = "mdk_0123456789ab_" + "A" * 43
    assert key_id_of(good) == "0123456789ab"
    for bad in (good.upper(), good.replace("mdk_", "mdx_"), good[:-1], good + "\n", " " + good):
        assert key_id_of(bad) is None, bad
