"""``memoryd erase``: a user's sessions and memories erased, asked or with --yes (both backends)."""

from __future__ import annotations

from tests.cli.operator_cli import Cli, pipeline


def test_erase_command(cli: Cli) -> None:
    cli.setup(pipeline)
    assert cli.invoke("erase").exit_code == 2
    assert cli.invoke("erase", "--user", "dana", input="n\n").exit_code == 1
    report = cli.json("erase", "--user", "dana", "--yes")
    assert report["sessions"] == 2 and report["removed"]["memories"] == 2
    assert cli.json("memories", "list", "--user", "dana") == []
    assert cli.json("memories", "list", "--user", "sam")
