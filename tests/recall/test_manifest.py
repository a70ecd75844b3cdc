"""The manifest: capped in lines and bytes, saying what it left out."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.recall import Recall, ScopeKey
from daemon.recall.manifest import LINE_CHARS, MAX_BYTES, manifest_line
from daemon.store.public_ids import id_codec
from tests.operators.seed import many
from tests.recall.writers import IDENTITIES, READER, REPORTED, every_writer

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
    ids = await id_codec(runtime.store)  # each line names its memory by its opaque id
    assert lines[0].startswith(f"- #{ids.encode(205)} [project/durable] Fact 204")


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


def test_another_writers_memory_is_a_quoted_line_within_the_cap() -> None:
    """For bob, every other writer's memory is its dated quoted report; the line keeps its
    cap and its closing quote however long the text."""
    for memory, name in zip(every_writer(), IDENTITIES, strict=True):
        long = memory._replace(content=memory.content + " and more" * 60)
        line = manifest_line(long, READER)
        assert line is not None and len(line) <= LINE_CHARS
        if name in REPORTED:
            label = IDENTITIES[name][1]
            assert f"] (2026-11-24) {label} reported: \u201cMARK-{name} " in line
            assert line.endswith("\u2026\u201d")
        else:
            assert "reported" not in line and line.endswith("\u2026")
