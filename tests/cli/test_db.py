"""``memoryd db upgrade`` and ``memoryd db current``."""

from __future__ import annotations

from pathlib import Path

from tests.cli.support import _isolated, invoke

__all__ = ["_isolated"]  # the fixture every test here runs in


def test_db_upgrade_then_current(tmp_path: Path) -> None:
    before = invoke("db", "current", "--check")
    assert before.exit_code == 1
    assert "(empty)" in before.stdout

    upgraded = invoke("db", "upgrade")
    assert upgraded.exit_code == 0, upgraded.output
    assert "up to date" in upgraded.stdout

    after = invoke("db", "current", "--check")
    assert after.exit_code == 0
    assert "up to date" in after.stdout
