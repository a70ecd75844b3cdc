"""The example docs/testing.md gives hosts runs as it stands, against the shipped kit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

DOC = Path(__file__).resolve().parents[2] / "docs" / "testing.md"
MARK = "<!-- run by tests/testing/test_docs_example.py -->"


def documented_example() -> str:
    """The fenced Python block right after the marker."""
    text = DOC.read_text()
    assert text.count(MARK) == 1, "the example's marker is gone from docs/testing.md"
    found = re.search(re.escape(MARK) + r"\n```python\n(.*?)\n```", text, re.S)
    assert found is not None
    return found.group(1)


async def test_the_documented_host_test_passes() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(documented_example(), str(DOC), "exec"), namespace)
    tests = [value for name, value in namespace.items() if name.startswith("test_")]
    assert len(tests) == 1
    await tests[0]()


def test_the_example_imports_the_public_kit_only() -> None:
    """Hosts are shown ``daemon.testing``'s public API, not the kit's inner modules."""
    imports = re.findall(r"^from (daemon\S*) import", documented_example(), re.M)
    assert imports == ["daemon.testing"]
