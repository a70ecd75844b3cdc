"""The gate's public names: each is the object its module defines, loaded on first use, so
that naming the vocabularies (the command line's help does) loads none of the rules."""

from __future__ import annotations

import subprocess
import sys

import pytest

import daemon.gate as gate
from daemon.gate import directives, hashing, kinds, refusal, screening


def test_each_public_name_is_the_object_of_its_module() -> None:
    assert gate.screen is screening.screen
    assert gate.Draft is screening.Draft
    assert gate.Limits is screening.Limits
    assert gate.Screened is screening.Screened
    assert gate.shown is directives.shown
    assert gate.content_hash is hashing.content_hash
    assert gate.Reason is refusal.Reason
    assert gate.Refused is refusal.Refused
    assert gate.kinds is kinds
    assert sorted(gate.__all__) == sorted(gate._HOMES)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'check'"):
        gate.check  # noqa: B018


def test_naming_the_vocabularies_loads_none_of_the_rules() -> None:
    code = (
        "import sys\n"
        "from daemon.gate.kinds import MemoryType\n"
        "import daemon.gate\n"
        "print(sorted(m for m in sys.modules if m.startswith('daemon.gate')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['daemon.gate', 'daemon.gate.kinds']"
