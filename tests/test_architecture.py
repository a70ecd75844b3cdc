"""The layer rule, enforced: what each package may import, and who owns each table.

memoryd's packages are layers (``docs/architecture.md`` draws them). A module imports only
from its own layer or the layers below it, the modules import no circle (counting imports
made inside functions and under ``TYPE_CHECKING``: a circle hidden in a function is still a
circle), SQL and SQLAlchemy stay inside ``daemon/store/``, and every table has one owner
there. Each rule is also run on a planted violation, so that a check that cannot fail
would show.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("daemon", "workers")

#: Layer of each package, lowest first. A module may import its own layer and those below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("daemon.base", "daemon.fixtures"),  # settings, clock, text, errors, redaction, keys' names
    ("daemon.gate",),  # what may become, or be shown as, a memory: pure, no I/O
    ("daemon.store", "daemon.events", "daemon.queue"),  # SQL, the wire format, Redis
    (
        "daemon.access",
        "daemon.recall",
        "daemon.embeddings",  # providers of daemon.base.embedding.Embedder
        "daemon.extraction",
        "daemon.embeddings",  # texts to vectors; never the store
        "daemon.dispatcher",
        "daemon.maintenance",
        "daemon.health",
        "daemon.tools",
        "daemon.admin",
        "daemon.host",  # the host kit: the context pipeline before a model call
    ),
    ("daemon.app",),  # the composition root: what every edge builds once
    ("workers", "daemon.mcp", "daemon.testing"),
    ("daemon.api",),  # mounts MCP
    ("daemon.cli", "daemon.__main__", "daemon"),
)

#: Each table's one owner (a module, or a package and everything under it).
TABLE_OWNERS: Mapping[str, str] = {
    "memories": "daemon/store/memory/",
    "memory_history": "daemon/store/memory/",
    "memories_fts": "daemon/store/memory/",
    "memory_versions": "daemon/store/memory/",
    "memory_terms": "daemon/store/memory/",
    "memory_term_counts": "daemon/store/memory/",
    "memory_changes": "daemon/store/memory/",
    "memory_vectors": "daemon/store/memory/",
    "sessions": "daemon/store/transcripts/",
    "turns": "daemon/store/transcripts/",
    "messages": "daemon/store/transcripts/",
    "cursors": "daemon/store/transcripts/",
    "agent_turns": "daemon/store/transcripts/",
    "session_fragments": "daemon/store/transcripts/",
    "session_summaries": "daemon/store/transcripts/",
    "forgotten_turns": "daemon/store/transcripts/",
    "runs": "daemon/store/runs.py",
    "scheduled_jobs": "daemon/store/schedules.py",
    "jobs_state": "daemon/store/schedules.py",
    "api_keys": "daemon/store/api_keys.py",
    "usage_daily": "daemon/store/usage.py",
    "usage_budgets": "daemon/store/usage.py",
}
#: The schema itself (declarations and migrations): not a reader or writer.
SCHEMA = ("daemon/store/tables.py", "daemon/store/migrations/")
_SQL_WORDS = re.compile(
    r"(?is)\b(?:select\s.+\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from"
    r"|create\s+(?:table|index)|alter\s+table|drop\s+table)\b"
)
_TABLE_IN_SQL = re.compile(r"(?i:\b(?:from|join|into|update|table)\s+\"?)(\w+)\b")


@dataclass(frozen=True, slots=True)
class Import:
    """One import of a memoryd module: where it is, what it names, and whether it is made
    inside a function (or under ``TYPE_CHECKING``) rather than at the module's top."""

    line: int
    target: str
    hidden: bool


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.relative_to(root).parts:
                found[module_name(path, root)] = path
    return found


def imports(name: str, path: Path, known: Mapping[str, Path]) -> Iterator[Import]:
    """Every import of a memoryd module by module ``name``, resolved to a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target.split(".")[0] in PACKAGES:
                yield Import(node.lineno, target, id(node) not in top)


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (length of the matching prefix, layer)
    for rank, packages in enumerate(LAYERS):
        for package in packages:
            inside = module.startswith(package + ".") and package != "daemon"
            if (module == package or inside) and (best is None or len(package) > best[0]):
                best = (len(package), rank)
    return None if best is None else best[1]


def upward_imports(graph: Mapping[str, list[Import]]) -> list[str]:
    found = []
    for name, edges in graph.items():
        mine = layer_of(name)
        for edge in edges:
            theirs = layer_of(edge.target)
            if mine is None or theirs is None:
                found.append(f"{name}: no layer for {name if mine is None else edge.target}")
            elif theirs > mine:
                found.append(f"{name}:{edge.line} imports {edge.target} (a higher layer)")
    return found


def circles(graph: Mapping[str, list[Import]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for edge in graph.get(node, []):
            if edge.target == node or edge.target not in graph:
                continue
            if edge.target not in index:
                visit(edge.target)
                low[node] = min(low[node], low[edge.target])
            elif edge.target in on_stack:
                low[node] = min(low[node], index[edge.target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def package_imports(graph: Mapping[str, list[Import]]) -> dict[str, list[Import]]:
    """The graph between packages (a package's ``__init__`` re-exporting its own modules is
    not an import of itself): circles between packages hide in module-level graphs."""

    def package(module: str) -> str:
        parts = module.split(".")
        return ".".join(parts[:2]) if parts[0] == "daemon" else parts[0]

    merged: dict[str, list[Import]] = {}
    for name, edges in graph.items():
        merged.setdefault(package(name), []).extend(
            Import(e.line, package(e.target), e.hidden)
            for e in edges
            if package(e.target) != package(name)
        )
    return merged


def _owned_by(table: str, relative: str) -> bool:
    owner = TABLE_OWNERS[table]
    return relative.startswith(owner) if owner.endswith("/") else relative == owner


def store_offences(relative: str, source: str) -> list[str]:
    """SQL or SQLAlchemy outside ``daemon/store/``, and a table touched by other than its
    owner (inside the store too)."""
    if relative.startswith(SCHEMA):
        return []
    tree = ast.parse(source)
    found = []
    inside_store = relative.startswith("daemon/store/")
    guarded = _type_checking_only(tree)
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in guarded:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            for name in names:
                if not inside_store and name and name.split(".")[0] in ("sqlalchemy", "asyncpg"):
                    found.append(f"line {node.lineno}: imports {name} outside the store")
            if isinstance(node, ast.ImportFrom) and node.module == "daemon.store.tables":
                for alias in node.names:
                    table = _table_named(alias.name)
                    if table and not _owned_by(table, relative):
                        found.append(f"line {node.lineno}: imports table {alias.name}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and _SQL_WORDS.search(node.value)
        ):
            if not inside_store:
                found.append(f"line {node.lineno}: SQL outside the store: {node.value[:50]!r}")
            for table in _TABLE_IN_SQL.findall(node.value):
                owned = _table_named(table)
                if owned and not _owned_by(owned, relative):
                    found.append(f"line {node.lineno}: SQL on {table}, not its owner")
    return found


_TABLE_VARIABLES = {"jobs_state": "jobs_state"}


def _table_named(name: str) -> str | None:
    return name if name in TABLE_OWNERS else _TABLE_VARIABLES.get(name)


def _type_checking_only(tree: ast.Module) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(n) for n in ast.walk(node))
    return found


def _docstrings(tree: ast.Module) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def graph_of(root: Path) -> dict[str, list[Import]]:
    known = modules(root)
    return {name: list(imports(name, path, known)) for name, path in known.items()}


@pytest.fixture(scope="module")
def graph() -> dict[str, list[Import]]:
    found = graph_of(ROOT)
    assert len(found) > 100  # the walk found the code it guards
    return found


def test_layers_import_only_downward(graph: dict[str, list[Import]]) -> None:
    assert upward_imports(graph) == []


def test_no_module_imports_a_circle(graph: dict[str, list[Import]]) -> None:
    assert circles(graph) == []


def test_no_package_imports_a_circle(graph: dict[str, list[Import]]) -> None:
    assert circles(package_imports(graph)) == []


def test_embeddings_import_only_the_base(graph: dict[str, list[Import]]) -> None:
    """Embedding providers never reach the store (vectors are kept by their owner) nor
    another package of their layer, so recall, extraction and workers may all import them."""
    found = [
        f"{name}:{edge.line} imports {edge.target}"
        for name, edges in graph.items()
        if name.startswith("daemon.embeddings")
        for edge in edges
        if not edge.target.startswith(("daemon.base", "daemon.embeddings"))
    ]
    assert found == []


def test_sql_stays_in_the_store_and_each_table_with_its_owner() -> None:
    found = {
        relative: hits
        for path in modules(ROOT).values()
        if (relative := str(path.relative_to(ROOT)))
        and (hits := store_offences(relative, path.read_text(encoding="utf-8")))
    }
    assert found == {}


# The checks on planted violations: each would fail the tests above.


def _tree(tmp_path: Path, files: Mapping[str, str]) -> dict[str, list[Import]]:
    for relative, source in {"daemon/__init__.py": "", "workers/__init__.py": "", **files}.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in path.relative_to(tmp_path).parents:
            init = tmp_path / parent / "__init__.py"
            if parent != Path(".") and not init.exists():
                init.write_text("")
        path.write_text(source)
    return graph_of(tmp_path)


def test_an_upward_import_is_found(tmp_path: Path) -> None:
    graph = _tree(
        tmp_path,
        {
            "daemon/store/db.py": "from daemon.recall.reader import Recall\n",
            "daemon/recall/reader.py": "",
        },
    )
    assert upward_imports(graph) == [
        "daemon.store.db:1 imports daemon.recall.reader (a higher layer)"
    ]


def test_a_circle_hidden_in_a_function_is_found(tmp_path: Path) -> None:
    graph = _tree(
        tmp_path,
        {
            "daemon/recall/a.py": "from daemon.recall import b\n",
            "daemon/recall/b.py": "def f() -> None:\n    from daemon.recall import a\n",
        },
    )
    assert circles(graph) == [["daemon.recall.a", "daemon.recall.b"]]
    assert [e.hidden for e in graph["daemon.recall.b"]] == [True]


def test_a_circle_between_packages_is_found(tmp_path: Path) -> None:
    graph = _tree(
        tmp_path,
        {
            "daemon/recall/a.py": "from daemon.tools.b import x\n",
            "daemon/tools/b.py": "x = 1\n",
            "daemon/tools/c.py": "from daemon.recall.d import y\n",
            "daemon/recall/d.py": "y = 1\n",
        },
    )
    assert circles(graph) == []  # no module circle...
    assert circles(package_imports(graph)) == [["daemon.recall", "daemon.tools"]]  # ...but this


def test_a_module_without_a_layer_is_found(tmp_path: Path) -> None:
    graph = _tree(tmp_path, {"daemon/newthing.py": "from daemon.base import clock\n"})
    assert "daemon.newthing: no layer for daemon.newthing" in upward_imports(graph)


@pytest.mark.parametrize(
    ("relative", "source", "expected"),
    [
        (
            "daemon/recall/x.py",
            "import sqlalchemy as sa\n",
            ["line 1: imports sqlalchemy outside the store"],
        ),
        (
            "daemon/health/x.py",
            "q = 'SELECT count(*) FROM runs'\n",
            [
                "line 1: SQL outside the store: 'SELECT count(*) FROM runs'",
                "line 1: SQL on runs, not its owner",
            ],
        ),
        (
            "daemon/store/cursors_elsewhere.py",
            "from daemon.store.tables import cursors\n",
            ["line 1: imports table cursors"],
        ),
        (
            "daemon/store/memory/x.py",
            "q = 'DELETE FROM turns WHERE session_id = :s'\n",
            ["line 1: SQL on turns, not its owner"],
        ),
        (
            "daemon/admin/x.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from sqlalchemy.ext.asyncio import AsyncConnection\n",
            [],  # a type named for the checker only is no run-time import
        ),
        ("daemon/store/runs.py", "q = 'UPDATE runs SET outcome = :o'\n", []),
    ],
)
def test_store_offences_are_found(relative: str, source: str, expected: list[str]) -> None:
    assert store_offences(relative, source) == expected


# Redis key families: each ``Keys`` member used (``keys.<member>``, ``self.keys.<member>``…)
# only by the module that owns its family. Naming the whole deployment (``prefix``,
# ``all_patterns``) is anyone's.

#: Each family's owner, the one module that issues commands on its keys.
KEY_OWNERS: Mapping[str, str] = {
    "stream": "daemon/events/stream.py",
    "dead": "daemon/events/stream.py",
    "group": "daemon/events/stream.py",
    "queue": "daemon/queue.py",
    "gen": "daemon/queue.py",
    "extract_job_id": "daemon/queue.py",
    "lock": "daemon/queue.py",
    "queue_health_check": "daemon/health/liveness.py",
    "workers": "daemon/health/liveness.py",
    "worker": "daemon/health/liveness.py",
    "llm_breaker": "daemon/extraction/llm/breaker.py",
    "embeddings_breaker": "daemon/extraction/llm/breaker.py",  # the same breaker, its own key
    "scheduled_job": "daemon/maintenance/schedule.py",
    "cron_lock": "daemon/maintenance/schedule.py",
    "rate": "daemon/access/rate_limits.py",
    "keys_epoch": "daemon/access/rate_limits.py",
}
#: Modules that only name a key, issuing no command on it: in arq's configuration (arq
#: issues the commands) or in a message to the operator.
KEY_NAMED_ONLY: Mapping[str, tuple[str, ...]] = {
    "stream": ("daemon/cli/publish.py",),
    "dead": ("daemon/cli/dlq.py",),
    "queue": (
        "workers/worker_settings.py",
        "daemon/app/process_runner.py",
        "daemon/app/demo_run.py",
        "daemon/app/container.py",
    ),
    "queue_health_check": ("workers/worker_settings.py",),
    "scheduled_job": ("workers/worker_settings.py", "workers/cron.py"),
    "worker": ("workers/heartbeat.py",),
    "llm_breaker": ("daemon/extraction/llm/__init__.py",),
    "embeddings_breaker": ("daemon/app/container.py",),
}
#: Uses not yet moved to their family's owner: each is a debt, and the test fails when one
#: is paid without being struck from this list (or when a new one appears).
KEY_USES_PENDING: frozenset[str] = frozenset()
_KEY_RECEIVERS = frozenset({"keys", "_keys"})


def key_uses(relative: str, source: str) -> list[str]:
    """``relative: member`` for each ``Keys`` member of a family ``relative`` does not own."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute) or node.attr not in KEY_OWNERS:
            continue
        receiver = node.value
        named = receiver.id if isinstance(receiver, ast.Name) else None
        if isinstance(receiver, ast.Attribute):
            named = receiver.attr
        if isinstance(receiver, ast.Call) and ast.unparse(receiver.func) == "Keys.of":
            named = "keys"
        if named not in _KEY_RECEIVERS:
            continue
        if relative == KEY_OWNERS[node.attr] or relative in KEY_NAMED_ONLY.get(node.attr, ()):
            continue
        found.add(f"{relative}: {node.attr}")
    return sorted(found)


def test_each_redis_key_family_has_one_owner() -> None:
    found = {
        use
        for path in modules(ROOT).values()
        if (relative := str(path.relative_to(ROOT))) != "daemon/base/redis_keys.py"
        for use in key_uses(relative, path.read_text(encoding="utf-8"))
    }
    assert sorted(found - KEY_USES_PENDING) == []  # a new use outside the family's owner
    assert sorted(KEY_USES_PENDING - found) == []  # a debt paid: strike it from the list


@pytest.mark.parametrize(
    ("relative", "source", "expected"),
    [
        (
            "daemon/admin/x.py",
            "async def f(redis, keys):\n    await redis.xlen(keys.dead)\n",
            ["daemon/admin/x.py: dead"],
        ),
        (
            "workers/x.py",
            "async def f(ctx):\n    await ctx.redis.set(ctx.keys.lock('s'), 1)\n",
            ["workers/x.py: lock"],
        ),
        (
            "daemon/health/x.py",
            "def f(settings):\n    return Keys.of(settings).llm_breaker\n",
            ["daemon/health/x.py: llm_breaker"],
        ),
        ("daemon/queue.py", "def f(self):\n    return self.keys.gen('s')\n", []),
        ("daemon/admin/x.py", "def f(settings):\n    return settings.stream.block_ms\n", []),
        ("daemon/app/demo_run.py", "def f(keys):\n    return keys.all_patterns()\n", []),
    ],
)
def test_key_uses_outside_their_owner_are_found(
    relative: str, source: str, expected: list[str]
) -> None:
    assert key_uses(relative, source) == expected
