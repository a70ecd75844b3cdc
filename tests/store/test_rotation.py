"""Rotation of the data keys (``memoryd keys rotate-data``) over a stored session (the one
of tests/integration/test_data_at_rest.py): everything resealed with the new key while every
value reads the same, an interrupted rotation resumed where it stopped, a clear store sealed
when a key is first configured. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from arq.connections import ArqRedis

from daemon.store.rotation import rotate, stale_counts
from tests.integration.test_data_at_rest import (
    K1,
    K2,
    PLANTED,
    _found,
    _open,
    _publish_all,
    _transcript,
    raw_transcripts,
)


async def test_rotation_reseals_with_the_new_key_and_an_interrupted_one_resumes(
    settings_factory: Any, redis: ArqRedis
) -> None:
    old = await _open(settings_factory, redis, K1)
    await _publish_all(old)
    await old.store.close()

    both = await _open(settings_factory, redis, f"{K2},{K1}")
    try:
        async with both.store.connect() as conn:
            assert sum((await stale_counts(conn, both.store.sealer)).values()) == 7
        seen: list[tuple[str, int, int]] = []
        partial = await rotate(
            both.store,
            both.truncation,
            batch=1,
            max_batches=3,
            progress=lambda *step: seen.append(step),
        )
        assert sum(partial.resealed.values()) == 3 and seen[-1] == ("messages.content", 3, 0)
        raw = await raw_transcripts(both)
        assert "enc:v1:k1:" in raw and "enc:v1:k2:" in raw  # half done
        before = await _transcript(both)  # and every value reads the same meanwhile
        done = await rotate(both.store, both.truncation, batch=2)
        # Resumed: the 3 contents were done, the tool calls were not.
        assert (done.resealed["messages.content"], done.resealed["messages.tool_calls"]) == (0, 1)
        assert sum(done.unreadable.values()) == 0
        async with both.store.connect() as conn:
            assert set((await stale_counts(conn, both.store.sealer)).values()) == {0}
        raw = await raw_transcripts(both)
        assert "enc:v1:k1:" not in raw and "memoryd-sealed:v1:k1" not in raw
        assert _found(raw) == []
    finally:
        await both.close()

    new = await _open(settings_factory, redis, K2)  # the old key can go now
    try:
        assert await _transcript(new) == before
        assert PLANTED["spill"] in new.truncation.read(new.truncation.names()[0])
    finally:
        await new.close()


async def test_rotation_seals_a_clear_store_when_a_key_is_first_configured(
    settings_factory: Any, redis: ArqRedis
) -> None:
    clear = await _open(settings_factory, redis, None)
    await _publish_all(clear)
    before = await _transcript(clear)
    await clear.close()
    sealed = await _open(settings_factory, redis, K1)
    try:
        assert await _transcript(sealed) == before  # clear rows read under a key
        done = await rotate(sealed.store, sealed.truncation)
        assert sum(done.resealed.values()) == 7 + 1 + 1  # values, the memory, the file
        assert _found(await raw_transcripts(sealed)) == []
        assert await _transcript(sealed) == before
    finally:
        await sealed.close()
