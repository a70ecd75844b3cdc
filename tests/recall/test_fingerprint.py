"""The fingerprint of what recall hands a host: stable, short, and changed by any edit."""

from __future__ import annotations

import hashlib

from daemon.recall.fingerprint import FINGERPRINT_CHARS, fingerprint


def test_the_same_text_always_gives_the_same_short_hex_digest() -> None:
    block = "## Project Knowledge\n- Stack: The service runs on Django."
    assert fingerprint(block) == fingerprint(str(block))
    assert len(fingerprint(block)) == FINGERPRINT_CHARS
    assert fingerprint(block) == hashlib.sha256(block.encode()).hexdigest()[:FINGERPRINT_CHARS]


def test_any_change_of_the_text_changes_it() -> None:
    block = "- Stack: The service runs on Django."
    assert fingerprint(block) != fingerprint(block + " ")
    assert fingerprint(block) != fingerprint(block.replace("Django", "Djang\u043e"))  # a Cyrillic o
    assert fingerprint("") != fingerprint(" ")
