"""The testing kit ships on purpose: importable from an installed memoryd without the test
tree, pytest or anything the package does not declare."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

import daemon.testing

KIT = Path(daemon.testing.__file__).parent
PLUGIN = KIT / "pytest_plugin.py"


def test_importing_the_kit_loads_neither_the_tests_nor_pytest() -> None:
    probe = (
        "import sys, daemon.testing, daemon.testing.fakellm;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'tests', 'pytest', '_pytest'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=KIT
    )
    assert out.stdout.strip() == "[]"


def _imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def _declared(extra: str = "") -> set[str]:
    """Import names of memoryd's declared dependencies (with those of ``extra``)."""
    wanted = set()
    for line in metadata.requires("memoryd") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({"extra": extra}):
            wanted.add(requirement.name.lower().replace("_", "-"))
    return {
        module
        for module, names in metadata.packages_distributions().items()
        if any(n.lower().replace("_", "-") in wanted for n in names)
    }


def test_the_kit_imports_only_what_memoryd_declares() -> None:
    """The server: the standard library, memoryd and its dependencies. The plugin may add
    pytest, which the ``testing`` extra declares."""
    allowed = set(sys.stdlib_module_names) | {"daemon"} | _declared()
    for path in KIT.rglob("*.py"):
        extra = _declared("testing") if path == PLUGIN else set()
        undeclared = _imported_roots(path) - allowed - extra
        assert not undeclared, f"{path.relative_to(KIT)} imports {sorted(undeclared)}"
    assert "pytest" in _imported_roots(PLUGIN) - allowed


def test_the_public_api_is_what_the_docs_promise() -> None:
    for name in daemon.testing.__all__:
        assert getattr(daemon.testing, name) is getattr(daemon.testing.fakellm, name)
    assert {"FakeLLM", "text", "tool_calls", "error", "timeout", "drop"} <= set(
        daemon.testing.__all__
    )
