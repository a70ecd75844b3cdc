"""Issue 20 point 7 end to end: with a data key, text planted in every transcript field
(message content, tool-call arguments and outputs, a spilled output, the host's system prompt
and tool schemas, a compaction summary) is in no transcript table (read with plain SQL) and
no truncation file, while the model still reads it in clear; without a key the same text is
there (the check can fail). A key removed too soon parks the session with a clear reason
(rotation: tests/store/test_rotation.py, over the same session). Through
the real dispatcher and worker, on fakeredis + SQLite and on the real Redis + PostgreSQL."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.base.errors import SealedDataError
from daemon.store.rotation import rotate
from daemon.store.transcripts.cursors import load_state, load_turns
from daemon.testing.fakellm import FakeLLM
from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from tests.extraction.llm.conftest import OpenLLM, open_llm
from tests.harness import publisher, run_pipeline
from tests.integration.planted_session import PLANTED, planted_session

__all__ = ["open_llm"]  # the fixture, for this module

SESSION = "s-sealed"
#: The tenant its events are published under (they name none: the default one).
TENANT = ""
SEALED_TABLES = ("messages", "turns", "sessions")


def _key(byte: int) -> str:
    return base64.b64encode(bytes([byte]) * 32).decode()


K1 = f"k1:{_key(1)}"
K2 = f"k2:{_key(2)}"


async def raw_transcripts(rt: Container) -> str:
    """Every transcript row as the database holds it (plain SQL, no codec), and every
    truncation file's bytes."""
    parts: list[str] = []
    async with rt.store.connect() as conn:
        for table in SEALED_TABLES:
            for row in await conn.execute(sa.text(f"SELECT * FROM {table}")):
                parts.append(repr(tuple(row)))
    root = Path(rt.settings.truncation.dir)
    for path in sorted(root.iterdir()) if root.exists() else ():
        parts.append(path.read_bytes().decode("latin-1"))
    return "\n".join(parts)


def _found(text: str) -> list[str]:
    return sorted(field for field, word in PLANTED.items() if word in text)


async def _publish_all(rt: Container) -> None:
    for event in planted_session(SESSION):
        await publisher(rt).publish(event)
    await rt.dispatcher(consumer="test-dispatcher").run(burst=True)


async def _open(settings_factory: Any, redis: ArqRedis, keys: str | None) -> Container:
    data = {"keys": keys} if keys else {}
    return await open_container(settings_factory(data=data), redis=redis)


async def test_planted_text_is_sealed_everywhere_at_rest_and_the_model_reads_it_clear(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    fake_llm.policy = ExtractionPolicy()
    rt = await open_llm(fake_llm, llm={"context_mode": "fork"}, data={"keys": K1})
    first, compaction = planted_session(SESSION)
    await publisher(rt).publish(first)
    await run_pipeline(rt)  # a fork: the host's prefix replayed from the store
    await publisher(rt).publish(compaction)
    await run_pipeline(rt)

    raw = await raw_transcripts(rt)
    assert _found(raw) == []
    assert "enc:v1:k1:" in raw
    files = list(Path(rt.settings.truncation.dir).iterdir())
    assert len(files) == 1 and files[0].read_bytes().startswith(b"memoryd-sealed:v1:k1\n")
    assert PLANTED["spill"] in rt.truncation.read(files[0].name)

    # The model was given every field in clear, read back through the store.
    asked = json.dumps(fake_llm.requests, ensure_ascii=False)
    assert _found(asked) == sorted(set(PLANTED) - {"spill"})  # the spill: a preview only
    runs = await _runs(rt)
    assert runs and all(r["outcome"] != "failed" for r in runs), runs


async def _runs(rt: Container) -> list[dict[str, Any]]:
    async with rt.store.connect() as conn:
        rows = await conn.execute(sa.text("SELECT outcome, error FROM runs"))
        return [dict(r._mapping) for r in rows]


async def test_without_a_data_key_the_same_text_is_stored_in_clear(
    settings_factory: Any, redis: ArqRedis
) -> None:
    rt = await _open(settings_factory, redis, None)
    try:
        await _publish_all(rt)
        assert _found(await raw_transcripts(rt)) == sorted(PLANTED)
    finally:
        await rt.close()


async def _transcript(rt: Container) -> str:
    async with rt.store.connect() as conn:
        state = await load_state(conn, SESSION, tenant=TENANT)
        turns = await load_turns(conn, SESSION, 0, 10, tenant=TENANT)
    return repr((state.host if state else None, turns))


async def test_a_key_removed_too_soon_parks_the_session_with_a_clear_reason(
    settings_factory: Any, redis: ArqRedis
) -> None:
    old = await _open(settings_factory, redis, K1)
    await _publish_all(old)
    await old.close()
    wrong = await _open(settings_factory, redis, K2)
    try:
        async with wrong.store.connect() as conn:
            try:
                await load_turns(conn, SESSION, 0, 10, tenant=TENANT)
            except SealedDataError as exc:
                assert "key 'k1', which is not configured (configured: k2)" in str(exc)
            else:
                raise AssertionError("a value sealed with k1 opened without it")
        report = await wrong.runner().run(SESSION)
        assert report.outcome == "parked"
        async with wrong.store.connect() as conn:
            reason = (await conn.execute(sa.text("SELECT parked_reason FROM cursors"))).scalar()
        assert reason.startswith("unreadable transcript: data sealed with key 'k1'")
        # Rotation with the wrong ring leaves the rows as they are and says so.
        done = await rotate(wrong.store, wrong.truncation)
        assert done.unreadable["messages.content"] == 3
        assert sum(done.resealed.values()) == 0
    finally:
        await wrong.close()


async def test_a_ciphertext_moved_to_another_row_does_not_open(
    settings_factory: Any, redis: ArqRedis
) -> None:
    rt = await _open(settings_factory, redis, K1)
    try:
        await _publish_all(rt)
        async with rt.store.begin() as conn:
            await conn.execute(
                sa.text(
                    "UPDATE messages SET content = "
                    "(SELECT content FROM messages WHERE message_id = 'u1') "
                    "WHERE message_id = 't1'"
                )
            )
        async with rt.store.connect() as conn:
            try:
                await load_turns(conn, SESSION, 0, 10, tenant=TENANT)
            except SealedDataError as exc:
                assert "altered, or moved from another row" in str(exc)
            else:
                raise AssertionError("a ciphertext moved to another row opened")
    finally:
        await rt.close()
