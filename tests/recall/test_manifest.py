"""The manifest: capped in lines and bytes, saying what it left out."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.recall import Recall, ScopeKey
from daemon.recall.manifest import MAX_BYTES
from tests.operators.seed import many

SHARED = ScopeKey(project="acme/billing")


async def test_manifest_is_capped_at_200_lines_with_a_warning(
    runtime: Container, recall: Recall
) -> None:
    await many(runtime, SHARED, 205, "Fact {i}", "Number {i} is noted.")
    manifest = await recall.manifest(SHARED)
    lines = manifest.lines
    assert len(lines) == 200
    assert manifest.capped and manifest.total == 205 and manifest.shown == 199
    assert lines[-1].startswith("> 6 more memories not shown")
    assert lines[0].startswith("- #205 [project/durable] Fact 204")


async def test_manifest_of_exactly_200_memories_has_no_warning(
    runtime: Container, recall: Recall
) -> None:
    await many(runtime, SHARED, 200, "Fact {i}", "Number {i} is noted.")
    manifest = await recall.manifest(SHARED)
    assert len(manifest.lines) == 200 and not manifest.capped
    assert not manifest.text.startswith(">") and "more memories" not in manifest.text


async def test_manifest_is_capped_at_25000_bytes(runtime: Container, recall: Recall) -> None:
    await many(runtime, SHARED, 150, "Long fact {i}", "{i} " + "ü" * 600)
    manifest = await recall.manifest(SHARED)
    assert manifest.capped
    assert len(manifest.text.encode()) <= MAX_BYTES
    assert manifest.lines[-1].startswith(f"> {150 - manifest.shown} more memories not shown")
