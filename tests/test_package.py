"""What ships: the installed package (daemon/, workers/) never reaches into the development
tree (tests/), and the command line starts without the backends' libraries."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import typer.main

from daemon.cli import app
from tests.backends import SqliteTemplate

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("daemon", "workers")

#: Libraries that `memoryd --version` and `memoryd --help` must not import: the store, the
#: queue, the model client, the settings' models, logging and its terminal renderer.
HEAVY = ("sqlalchemy", "alembic", "redis", "arq", "openai", "pydantic_settings", "structlog")

#: Modules loaded by `memoryd --version` (220 when measured, with Python's own; 957 before
#: the command modules imported their implementations lazily).
VERSION_MODULES_BOUND = 300


def offences(root: Path) -> Iterator[str]:
    """Where the sources under ``root``'s shipped packages import ``tests``, name a
    ``tests.…`` module in a string (``python -m tests.…``, ``import_module``) or touch
    ``sys.path``."""
    for package in SHIPPED:
        for path in sorted((root / package).rglob("*.py")):
            where = path.relative_to(root)
            for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    names = [node.value] if node.value.startswith("tests.") else []
                elif _is_sys_path(node):
                    yield f"{where}:{node.lineno}: sys.path"
                for name in names:
                    if name == "tests" or name.startswith("tests."):
                        yield f"{where}:{node.lineno}: {name}"


def _is_sys_path(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    )


def test_the_shipped_package_never_imports_the_development_tree() -> None:
    assert list(offences(ROOT)) == []


def test_the_check_finds_an_import_of_tests(tmp_path: Path) -> None:
    (tmp_path / "daemon").mkdir()
    (tmp_path / "workers").mkdir()
    (tmp_path / "daemon" / "bad.py").write_text(
        "import sys\nsys.path.insert(0, '.')\nfrom tests.harness import Harness\n"
        "ARGS = ['-m', 'tests.bench.ingest']\n"
    )
    assert sorted(offences(tmp_path)) == [
        "daemon/bad.py:2: sys.path",
        "daemon/bad.py:3: tests.harness",
        "daemon/bad.py:4: tests.bench.ingest",
    ]


def _memoryd(*args: str, env: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """Run the ``memoryd`` command line in a fresh interpreter; its output and the modules
    it had imported when it exited."""
    code = (
        "import json, sys\n"
        "from daemon.cli import main\n"
        f"sys.argv = ['memoryd', *{list(args)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
    )
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", **(env or {})}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout, json.loads(done.stderr)


def test_version_imports_no_backend_library() -> None:
    out, modules = _memoryd("--version")
    assert out.startswith("memoryd ")
    assert [m for m in modules if m.partition(".")[0] in HEAVY] == []
    assert len(modules) < VERSION_MODULES_BOUND, len(modules)


def test_help_lists_every_command_without_importing_the_backends() -> None:
    out, modules = _memoryd("--help")
    assert [m for m in modules if m.partition(".")[0] in HEAVY] == []
    group = typer.main.get_command(app)
    assert isinstance(group, typer.main.TyperGroup)
    shown = {line.split()[1] for line in out.splitlines() if line.startswith("│ ")}
    for name, command in group.commands.items():
        assert name in shown, name
        assert command.get_short_help_str(limit=200).split()[0] in out, name
    assert "bench" not in group.commands  # ./dev bench, in a development checkout


#: What ``memoryd inject`` (the call an agent host makes at every session start) must not
#: import: the queue, the model client, migrations, the other database's driver and the
#: daemon's other layers, the wire format's models (building them is a fifth of its start).
#: It reads the store and nothing else.
INJECT_NEVER = ("redis", "arq", "openai", "httpx", "alembic", "asyncpg", "prometheus_client")
INJECT_NEVER_OURS = (
    "daemon.dispatcher",
    "daemon.events",
    "daemon.extraction.llm",
    "daemon.extraction.runner",
    "daemon.maintenance",
    "daemon.queue",
    "daemon.admin",
    "workers",
)


def test_inject_imports_only_what_reading_the_store_needs(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    out, modules = _memoryd(
        "inject", "--project", "acme", "--json", env={"MEMORYD_DATABASE_URL": url}
    )
    assert json.loads(out)["memory_ids"] == []
    assert "sqlalchemy" in modules  # it did read the store
    assert [m for m in modules if m.partition(".")[0] in INJECT_NEVER] == []
    assert [m for m in modules if m.startswith(INJECT_NEVER_OURS)] == []
