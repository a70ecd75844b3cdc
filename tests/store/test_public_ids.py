"""The install's key of opaque memory ids: made once on first use and kept in
``install_secrets``, so every process and every restart names a memory the same way; two
installs name the same row differently; on both backends."""

from __future__ import annotations

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.store.db import Store
from daemon.store.public_ids import id_codec
from daemon.store.tables import install_secrets


async def test_the_key_is_made_once_and_every_store_reads_the_same(runtime: Container) -> None:
    codec = await id_codec(runtime.store)
    assert await id_codec(runtime.store) is codec  # read once per store
    async with runtime.store.connect() as conn:
        rows = (await conn.execute(sa.select(install_secrets))).all()
    assert [row.name for row in rows] == ["memory_ids"]
    assert len(bytes.fromhex(rows[0].value)) == 32
    other = Store.from_url(runtime.settings.database_url, pool_size=1)  # another process's
    try:
        again = await id_codec(other)
    finally:
        await other.close()
    assert again is not codec
    assert [again.encode(n) for n in (1, 2, 99)] == [codec.encode(n) for n in (1, 2, 99)]


async def test_another_install_names_the_same_row_otherwise(runtime: Container) -> None:
    codec = await id_codec(runtime.store)
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(install_secrets).values(value="11" * 32))
    other = Store.from_url(runtime.settings.database_url, pool_size=1)
    try:
        elsewhere = await id_codec(other)
    finally:
        await other.close()
    assert elsewhere.encode(7) != codec.encode(7)
    assert elsewhere.decode(codec.encode(7)) != 7
