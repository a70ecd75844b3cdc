"""Tests mirror the code: every module of ``daemon/`` and ``workers/`` that holds logic has
its own test file at the mirrored path.

``daemon/<package>/<module>.py`` is tested in ``tests/<package>/test_<module>.py``;
``workers/<module>.py`` in ``tests/workers/test_<module>.py``; a package's ``__init__.py``
with logic in ``tests/<package>/test_<package>.py``; a ``__main__.py`` in ``test_main.py``
beside it. A module holds logic when it defines a function or a method; one of only
re-exports, constants, enums or plain records does not need a test of its own. Suites that
cross modules (``tests/integration``, ``tests/faults``, ``tests/redteam``, ``tests/bench``,
the API and operator suites) are more, not instead.

``NOT_YET`` lists the modules without their own test file today, so that no new one can
join them unnoticed; the list only shrinks: an entry whose module now has its test (or is
gone) fails the check until it is deleted.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("daemon", "workers")
#: Generated migration scripts: checked by the schema tests, not one by one.
SKIPPED = ("daemon/store/migrations/",)

#: Modules with logic and no test file at the mirrored path yet. Every entry is a debt; the
#: comment says where its behaviour is exercised meanwhile.
NOT_YET: frozenset[str] = frozenset()


def has_logic(path: Path) -> bool:
    """Whether the module defines a function or a method (a ``Protocol``'s ``...`` stubs
    and ``TYPE_CHECKING`` blocks aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not _stub(node):
            return True
    return False


def _stub(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A body of ``...`` (after a docstring, if any): a protocol's or an overload's."""
    body = [s for s in node.body if not _constant(s, str)]
    return len(body) == 1 and _constant(body[0], type(...))


def _constant(statement: ast.stmt, kind: type) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, kind)
    )


def mirrored(module: Path) -> Path:
    """The test file of ``module`` (a path relative to the repository's root)."""
    parts = module.parts
    inner = parts[1:] if parts[0] == "daemon" else parts  # workers/ keeps its name
    *folders, name = inner
    if name == "__init__.py":
        if not folders:  # daemon/__init__.py
            return Path("tests", "test_daemon.py")
        return Path("tests", *folders, f"test_{folders[-1]}.py")
    stem = "main" if name == "__main__.py" else name.removesuffix(".py")
    return Path("tests", *folders, f"test_{stem}.py")


def modules_without_tests(root: Path) -> list[str]:
    """The modules of ``root`` that hold logic and have no test file at the mirrored path."""
    missing = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root)
            if str(relative).startswith(SKIPPED) or not has_logic(path):
                continue
            if not (root / mirrored(relative)).is_file():
                missing.append(relative.as_posix())
    return missing


def test_every_module_with_logic_has_its_test_file() -> None:
    missing = set(modules_without_tests(ROOT))
    new = sorted(missing - NOT_YET)
    assert not new, f"modules without their test file (write tests/…/test_<module>.py): {new}"


def test_the_list_of_modules_without_tests_only_shrinks() -> None:
    settled = sorted(NOT_YET - set(modules_without_tests(ROOT)))
    assert not settled, (
        f"these now have their test file (or are gone): delete from NOT_YET {settled}"
    )


def test_the_mirrored_paths() -> None:
    assert mirrored(Path("daemon/base/clock.py")) == Path("tests/base/test_clock.py")
    assert mirrored(Path("daemon/store/memory/saving.py")) == Path(
        "tests/store/memory/test_saving.py"
    )
    assert mirrored(Path("daemon/queue.py")) == Path("tests/test_queue.py")
    assert mirrored(Path("workers/jobs.py")) == Path("tests/workers/test_jobs.py")
    assert mirrored(Path("daemon/fixtures/__init__.py")) == Path("tests/fixtures/test_fixtures.py")
    assert mirrored(Path("daemon/testing/fakellm/__main__.py")) == Path(
        "tests/testing/fakellm/test_main.py"
    )


def _plant(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_planted_module_without_its_test_is_found(tmp_path: Path) -> None:
    _plant(tmp_path, "daemon/__init__.py", "")
    _plant(tmp_path, "daemon/base/__init__.py", "from .clock import now\n__all__ = ['now']\n")
    _plant(tmp_path, "daemon/base/limits.py", "MAX = 3\n")  # constants: no test needed
    _plant(
        tmp_path,
        "daemon/base/shape.py",
        "from typing import Protocol\n\n"
        "class Shaped(Protocol):\n    def area(self) -> float: ...\n",
    )
    _plant(tmp_path, "daemon/base/clock.py", "def now() -> int:\n    return 0\n")
    _plant(tmp_path, "workers/beat.py", "async def beat() -> None:\n    pass\n")
    assert modules_without_tests(tmp_path) == ["daemon/base/clock.py", "workers/beat.py"]
    _plant(tmp_path, "tests/base/test_clock.py", "")
    _plant(tmp_path, "tests/test_beat.py", "")  # not the mirrored path
    assert modules_without_tests(tmp_path) == ["workers/beat.py"]
    _plant(tmp_path, "tests/workers/test_beat.py", "")
    assert modules_without_tests(tmp_path) == []
