"""``memoryd recall search`` and ``memoryd memories search`` take ``--mode`` and the filters
(``--author``: the memories one user wrote, as the API's ``author``) and answer the
ranking that ran: without embeddings, ``auto`` runs keywords as asked and
``vector`` falls back (``embeddings_off``); a filter that matches nothing empties the
answer; a time that is not RFC 3339 and an unknown mode exit 2."""

from __future__ import annotations

from tests.cli.operator_cli import PROJECT, Cli, pipeline


def test_search_commands_take_a_mode_and_filters(cli: Cli) -> None:
    cli.setup(pipeline)
    for command in ("recall", "memories"):
        found = cli.json(command, "search", "early returns", *PROJECT, "--user", "dana")
        assert (found["mode"], found["fallback"]) == ("keyword", None) and found["memories"]
        asked = cli.json(
            command, "search", "early returns", *PROJECT, "--user", "dana", "--mode", "vector"
        )
        assert (asked["mode"], asked["fallback"]) == ("keyword", "embeddings_off")
        later = cli.json(
            command,
            *("search", "early returns", *PROJECT, "--user", "dana"),
            *("--created-after", "2099-01-01T00:00:00Z"),
        )
        assert later["memories"] == []
        elsewhere = cli.json(
            command, "search", "early returns", *PROJECT, "--user", "dana", "--session", "none"
        )
        assert elsewhere["memories"] == []
        written = cli.json(
            command, "search", "early returns", *PROJECT, "--user", "dana", "--author", "dana"
        )
        assert written["memories"] == found["memories"]
        by_other = cli.json(
            command, "search", "early returns", *PROJECT, "--user", "dana", "--author", "erin"
        )
        assert by_other["memories"] == []
        text = cli.invoke(command, "search", "early returns", *PROJECT, "--user", "dana")
        assert text.exit_code == 0 and "ranked by keyword" in text.stdout
        bad = cli.invoke(command, "search", "x", *PROJECT, "--updated-before", "yesterday")
        assert bad.exit_code == 2 and "--updated-before" in bad.stderr
        unknown = cli.invoke(command, "search", "x", *PROJECT, "--mode", "magic")
        assert unknown.exit_code == 2 and "mode must be one of" in unknown.stderr
