"""The command line's registration: every command module is listed once, registering is what
adds a module's commands (importing a module adds nothing), and every operator command of the
assembled ``memoryd`` app explains itself."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any

import typer
from typer.main import get_command

import daemon.cli
from daemon.cli import COMMANDS, app

#: The modules of the package that define no command.
HELPERS = {"program", "common", "search_options", "__main__"}


def test_every_command_module_is_listed_once() -> None:
    names = [m.__name__.rpartition(".")[2] for m in COMMANDS]
    assert len(names) == len(set(names))
    found = {m.name for m in pkgutil.iter_modules(daemon.cli.__path__)} - HELPERS
    assert set(names) == found


def test_registering_adds_a_module_s_commands_to_the_app_it_is_given() -> None:
    module = importlib.import_module("daemon.cli.serve")
    fresh = typer.Typer()
    assert fresh.registered_commands == []
    module.register(fresh)
    assert [c.callback.__name__ for c in fresh.registered_commands if c.callback] == [
        "serve",
        "openapi",
    ]


def _commands(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


def test_every_operator_command_explains_itself() -> None:
    commands = dict(_commands(get_command(app)))
    ours = [
        c
        for c in commands
        if c.split()[0]
        in {"status", "dlq", "sessions", "runs", "memories", "erase", "inject", "recall"}
    ]
    assert len(ours) >= 20 and "inject" in commands
    for name in ours:
        assert len((commands[name].help or "").strip()) > 20, name
