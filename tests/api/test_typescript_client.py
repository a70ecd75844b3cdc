"""A TypeScript client generated from the document a running ``memoryd serve`` serves, as
docs/api.md tells a host to make it (``openapi-typescript`` with its default options), and
docs/api.md's TypeScript example: type-checked with ``tsc --strict`` against the generated
types, then run with Node.js against the same server. Skipped when Node.js or npm is absent;
required under ``CI=true``."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.api.conftest import Served

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ["openapi-typescript@7", "typescript@5"]
PROJECT = "github.com/acme/billing"
DEPLOY_FACT = "Billing deploys from the release branch after the 14:00 UTC freeze."
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "target": "ES2022",
        "module": "ES2022",
        "moduleResolution": "bundler",
        "lib": ["ES2022", "DOM"],
        "types": [],
        "skipLibCheck": True,
        "outDir": "out",
    },
    "files": ["example.ts", "node-globals.d.ts"],
}
#: The one Node.js global the example reads (no @types/node to install).
NODE_GLOBALS = "declare const process: { env: Record<string, string | undefined> };\n"


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; the TypeScript client test is required under CI=true")
    pytest.skip(f"{reason}: the TypeScript client test needs Node.js 18+ and npm")


def _run(args: list[str], folder: Path, timeout: float = 240, **env: str) -> str:
    done = subprocess.run(
        args,
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def node_tools(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with openapi-typescript and TypeScript from the npm registry."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        _missing("node or npm is not on PATH")
    assert npm is not None
    folder = tmp_path_factory.mktemp("ts-client")
    (folder / "package.json").write_text('{"private": true, "type": "module"}\n')
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--loglevel=error", *PACKAGES],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    if done.returncode != 0:
        _missing(f"npm install failed: {done.stderr.strip()[-500:]}")
    return folder


def docs_example() -> str:
    """docs/api.md's TypeScript example: the ``ts`` block of its "TypeScript" section."""
    text = (ROOT / "docs" / "api.md").read_text()
    section = text.split("\n## TypeScript\n", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```ts\n(.*?)```", section, flags=re.S)
    return block


@pytest.mark.timeout(300)
def test_the_docs_example_type_checks_against_a_generated_client_and_runs(
    served: Served, node_tools: Path
) -> None:
    folder = node_tools
    with served.client() as client:
        document = client.get("/openapi.json").json()
    (folder / "openapi.json").write_text(json.dumps(document))
    bin_dir = folder / "node_modules" / ".bin"
    _run([str(bin_dir / "openapi-typescript"), "openapi.json", "-o", "memoryd-api.d.ts"], folder)
    generated = (folder / "memoryd-api.d.ts").read_text()
    assert "publishEvents: {" in generated and "searchMemories: {" in generated
    assert "PostV1" not in generated and "_v1_" not in generated
    (folder / "example.ts").write_text(docs_example())
    (folder / "node-globals.d.ts").write_text(NODE_GLOBALS)
    (folder / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    _run([str(bin_dir / "tsc"), "-p", "tsconfig.json"], folder)
    key = served.key("host", projects=(PROJECT,))
    agent = served.key("agent", projects=(PROJECT,))
    with served.client(agent) as client:  # a memory the example's search must find
        saved = client.post(
            "/v1/memories",
            json={"type": "project", "title": "Deploys", "content": DEPLOY_FACT},
        )
    assert saved.status_code == 201, saved.text
    out = _run(
        [shutil.which("node") or "node", "out/example.js"],
        folder,
        timeout=120,
        MEMORYD_URL=served.base_url,
        MEMORYD_API_KEY=key,
        MEMORYD_PROJECT=PROJECT,
    )
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["accepted"] == 1
    assert summary["prompt"] > len("You are the billing team's coding agent.")
    assert summary["hits"] >= 1  # the saved memory, found by the example's search


def test_the_example_treats_only_a_partial_publish_as_an_answer() -> None:
    """The docs' helper once took every 422 for success; only ``events_refused`` is one."""
    example = docs_example()
    assert 'response.status === 422 && body.error?.code === "events_refused"' in example
    assert "response.status !== 422" not in example
