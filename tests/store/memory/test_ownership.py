"""``daemon.store.memory`` is the only code that touches ``memories``, ``memory_history`` and
``memory_versions``.

Every module of the shipped packages (``daemon``, ``workers``) outside it is read: none may
import those tables (or the full-text index beside them) from ``daemon.store.tables``, nor
name them in SQL. The table declarations (``daemon/store/tables.py``) and the migrations
that create them are the schema, not readers or writers, and are left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
OWNER = ROOT / "daemon" / "store" / "memory"
SCHEMA = (ROOT / "daemon" / "store" / "tables.py", ROOT / "daemon" / "store" / "migrations")
TABLES = frozenset(
    {
        "memories",
        "memory_history",
        "memory_versions",
        "memories_fts",
        "memory_terms",
        "memory_vectors",
    }
)
_NAMES = "|".join(sorted(TABLES, key=len, reverse=True))
#: A table name after an SQL keyword (``FROM memories``, ``UPDATE memory_history``).
_IN_SQL = re.compile(rf"(?i:\b(?:from|join|into|update|table)\s+\"?)({_NAMES})\b")
#: A quoted table name in a statement (``pg_get_serial_sequence('memories', 'id')``).
_QUOTED = re.compile(rf"(?is)\b(?:select|insert|update|delete)\b.*['\"]({_NAMES})['\"]")
#: A table name as a word (lower case), in the text handed to SQL builders.
_NAMED = re.compile(rf"\b({_NAMES})\b")
_SQL_CALLS = frozenset(
    {"text", "literal_column", "table", "Table", "column", "exec_driver_sql", "execute"}
)


def _modules() -> list[Path]:
    found = []
    for package in ("daemon", "workers"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.is_relative_to(OWNER) or any(
                path == s or path.is_relative_to(s) for s in SCHEMA
            ):
                continue
            found.append(path)
    return found


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string nodes that are docstrings (prose, not SQL)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _sql_arguments(tree: ast.Module) -> set[int]:
    """The ids of the string nodes handed to SQL builders, or naming a table of the
    metadata (``metadata.tables["memories"]``)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", None))
            if name in _SQL_CALLS:
                found.update(id(n) for a in node.args for n in ast.walk(a))
        elif isinstance(node, ast.Subscript) and getattr(node.value, "attr", None) == "tables":
            found.update(id(n) for n in ast.walk(node.slice))
    return found


def offences(source: str) -> list[str]:
    """Where ``source`` imports the memory tables or names them in SQL."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    sql = _sql_arguments(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "daemon.store.tables":
            found += [
                f"line {node.lineno}: imports {a.name}" for a in node.names if a.name in TABLES
            ]
        elif isinstance(node, ast.Attribute) and node.attr in TABLES:
            if isinstance(node.value, ast.Name) and node.value.id == "tables":
                found.append(f"line {node.lineno}: uses tables.{node.attr}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and (
                _IN_SQL.search(node.value)
                or _QUOTED.search(node.value)
                or (id(node) in sql and _NAMED.search(node.value))
            )
        ):
            found.append(f"line {node.lineno}: names a memory table in {node.value[:60]!r}")
    return found


def test_only_the_memory_package_touches_the_memory_tables() -> None:
    modules = _modules()
    assert len(modules) > 50  # the walk found the code it guards
    found = {
        str(path.relative_to(ROOT)): hits
        for path in modules
        if (hits := offences(path.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        "from daemon.store.tables import memories",
        "from daemon.store.tables import cursors, memory_history",
        "from daemon.store import tables\nx = tables.memories.c.id",
        "q = 'SELECT count(*) FROM memories_fts WHERE memories_fts MATCH :q'",
        'q = "UPDATE memories SET pinned = true"',
        "q = 'DELETE FROM memory_history WHERE memory_id = 1'",
        "q = sa.literal_column('memories.search_vector')",
        "q = sa.table('memories')",
        "q = \"SELECT setval(pg_get_serial_sequence('memories', 'id'), 1)\"",
        "q = 'INSERT INTO memory_history (memory_id) VALUES (1)'",
        "q = 'DELETE FROM memory_versions WHERE memory_id = 1'",
        "from daemon.store.tables import memory_versions",
        "q = metadata.tables['memories']",
        "conn.execute(sa.text('SELECT 1 FROM \"memories\"'))",
    ],
)
def test_the_check_finds_each_way_of_touching_the_tables(source: str) -> None:
    assert offences(source)


@pytest.mark.parametrize(
    "source",
    [
        '"""Memories written from a session; see memory_history for changes."""',
        "log.info('memory.pinned', memories=3)",
        "from daemon.store.tables import cursors, runs",
        "help_text = 'Only memories written from this user'",
        "name = 'memories_app'",
        "report.add('memories', deleted)",
        "log.info('memories.imported', imported=3)",
        "help_text = 'Memories across every scope: list, search'",
        "conn.execute(sa.text('SELECT count(*) FROM runs'))",
    ],
)
def test_the_check_leaves_prose_and_other_tables_alone(source: str) -> None:
    assert offences(source) == []


#: The package's writers of a memory's content, reachable only through ``save()`` (and
#: ``place()``, which takes the gate's ``Screened`` value) from outside the package.
_CONTENT_WRITERS = frozenset({"create", "update"})
_PRIVATE_MODULES = frozenset({"daemon.store.memory.writes", "daemon.store.memory.saving"})


def write_bypasses(source: str) -> list[str]:
    """Where ``source`` reaches a write of a memory's content other than ``save()``: an
    import of the private writers' module, of a writer by name, or a call of
    ``<memory package>.create`` / ``.update`` / ``.writes``."""
    tree = ast.parse(source)
    aliases = {"memory", "memory_store"}  # the names the package is imported under
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "daemon.store" and any(a.name == "memory" for a in node.names):
                aliases.update(a.asname or a.name for a in node.names if a.name == "memory")
            if node.module in _PRIVATE_MODULES:
                found.append(f"line {node.lineno}: imports {node.module}")
            elif node.module == "daemon.store.memory":
                found += [
                    f"line {node.lineno}: imports {a.name}"
                    for a in node.names
                    if a.name in _CONTENT_WRITERS or a.name in ("writes", "saving")
                ]
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: imports {a.name}"
                for a in node.names
                if a.name in _PRIVATE_MODULES
            ]
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr in (*_CONTENT_WRITERS, "writes", "saving")
        ):
            found.append(f"line {node.lineno}: uses {node.value.id}.{node.attr}")
    return found


def test_only_save_writes_a_memorys_content_from_outside_the_package() -> None:
    """The extractor proposes, the gate decides, the store's one ``save()`` writes: no module
    outside ``daemon.store.memory`` reaches an unscreened create or update."""
    modules = _modules()
    assert len(modules) > 50
    found = {
        str(path.relative_to(ROOT)): hits
        for path in modules
        if (hits := write_bypasses(path.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        "from daemon.store.memory import writes",
        "from daemon.store.memory.writes import create",
        "from daemon.store.memory import create",
        "from daemon.store.memory import update as rewrite",
        "import daemon.store.memory.writes",
        "from daemon.store.memory.saving import save",
        "from daemon.store import memory\nawait memory.create(conn, scope)",
        "from daemon.store import memory as memory_store\nawait memory_store.update(conn)",
        "from daemon.store import memory as m\nawait m.writes.create(conn)",
    ],
)
def test_the_write_check_finds_each_bypass(source: str) -> None:
    assert write_bypasses(source)


@pytest.mark.parametrize(
    "source",
    [
        "from daemon.store import memory\nawait memory.save(conn, scope, draft, prov=p, now=n)",
        "from daemon.store.memory import save, delete, Provenance",
        "from daemon.store import memory\nawait memory.delete(conn, scope, 3)",
        "settings.update(x=1)",
        "rows.create(x)",
    ],
)
def test_the_write_check_leaves_save_and_state_changes_alone(source: str) -> None:
    assert write_bypasses(source) == []
