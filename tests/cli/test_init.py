"""The command line's registration: every command module is listed once, and registering
is what adds a module's commands (importing a module adds nothing)."""

from __future__ import annotations

import importlib
import pkgutil

import typer

import daemon.cli
from daemon.cli import COMMANDS

#: The modules of the package that define no command.
HELPERS = {"program", "common", "__main__"}


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
