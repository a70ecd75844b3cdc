"""``memoryd keys``: a key is printed once at its creation, listed by its id and bounds (never
the key), and revoked; an unknown role or key is refused (both backends)."""

from __future__ import annotations

import json
from typing import Any

from arq.connections import ArqRedis

from daemon.base.sealing import DataKeys
from tests.cli.operator_cli import Cli, pipeline


def test_create_list_and_revoke(cli: Cli) -> None:
    made = cli.json("keys", "create", "--tenant", "acme", "--role", "host", "--project", "a/b")
    key_id = made["key_id"]
    assert made["key"] and made["tenant"] == "acme" and made["role"] == "host"
    assert made["projects"] == ["a/b"] and made["user"] is None

    text = cli.invoke("keys", "create", "--tenant", "", "--role", "reader", "--user", "dana")
    assert text.exit_code == 0, text.output
    assert len(text.stdout.strip().splitlines()) == 1  # the key alone on standard output
    assert "role reader, projects any, user dana" in text.stderr
    assert "not shown again" in text.stderr

    listed = cli.json("keys", "list", "--tenant", "acme")
    assert [k["key_id"] for k in listed] == [key_id]
    assert made["key"] not in json.dumps(listed)
    lines = cli.invoke("keys", "list").stdout.splitlines()
    assert len(lines) == 2 and all(line.endswith("live") for line in lines)

    said = cli.invoke("keys", "revoke", key_id).stdout.strip()
    assert said == f"revoked {key_id}: every serve process refuses it from now on"
    assert cli.json("keys", "list", "--tenant", "acme") == []
    (revoked,) = cli.json("keys", "list", "--tenant", "acme", "--revoked")
    assert revoked["key_id"] == key_id and revoked["revoked_at"]
    again = cli.invoke("keys", "revoke", key_id)
    assert again.exit_code == 1 and "no live key" in again.stderr


def test_an_unknown_role_is_a_usage_error(cli: Cli) -> None:
    result = cli.invoke("keys", "create", "--tenant", "acme", "--role", "root")
    assert result.exit_code == 2 and "--role must be one of" in result.stderr
    assert cli.json("keys", "list") == []


def test_data_keys_are_made_and_rotated_from_the_command_line(
    cli: Cli, settings_factory: Any, redis: ArqRedis, backend: str
) -> None:
    """``keys new-data-key`` prints a key line a ring parses; ``keys rotate-data`` refuses
    to run without a key, and with one seals what a clear store held, resumably (a second
    run has nothing left to do)."""
    line = cli.invoke("keys", "new-data-key", "k1").stdout.strip()
    assert DataKeys.parse(line, source="test").primary == "k1"
    assert cli.invoke("keys", "new-data-key", "bad id").exit_code == 2

    cli.setup(pipeline)  # stored in clear
    refused = cli.invoke("keys", "rotate-data")
    assert refused.exit_code == 1 and "no data key is configured" in refused.stderr

    keyed = Cli(settings_factory(data={"keys": line}), redis, backend)
    first = keyed.invoke("keys", "rotate-data", "--json")
    assert first.exit_code == 0, first.output
    done = json.loads(first.stdout)
    assert done["primary"] == "k1" and done["resealed"]["messages.content"] > 0
    assert "messages.content:" in first.stderr  # progress
    again = keyed.json("keys", "rotate-data")
    assert sum(again["resealed"].values()) == 0 and sum(again["unreadable"].values()) == 0
