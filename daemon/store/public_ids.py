"""The install's key of the opaque memory ids (:mod:`daemon.base.opaque`), in
``install_secrets`` (revision 0013): made on first use, read once per store. The page
cursors (:mod:`daemon.base.pages`) are sealed under a key derived from it."""

from __future__ import annotations

import secrets
import weakref

import sqlalchemy as sa

from daemon.base.opaque import IdCodec
from daemon.base.pages import PageCodec
from daemon.store.db import Store
from daemon.store.tables import install_secrets

_NAME = "memory_ids"
_CODECS: weakref.WeakKeyDictionary[Store, IdCodec] = weakref.WeakKeyDictionary()
_PAGES: weakref.WeakKeyDictionary[Store, PageCodec] = weakref.WeakKeyDictionary()


async def id_codec(store: Store) -> IdCodec:
    """The codec of ``store``'s install (its key made, once, if there is none yet)."""
    found = _CODECS.get(store)
    if found is not None:
        return found
    codec = _CODECS[store] = IdCodec(await _key(store))
    return codec


async def page_codec(store: Store) -> PageCodec:
    """The page cursors of ``store``'s install."""
    found = _PAGES.get(store)
    if found is not None:
        return found
    codec = _PAGES[store] = PageCodec(await _key(store))
    return codec


async def _key(store: Store) -> bytes:
    query = sa.select(install_secrets.c.value).where(install_secrets.c.name == _NAME)
    async with store.begin() as conn:
        value = (await conn.execute(query)).scalar_one_or_none()
        if value is None:
            made = secrets.token_hex(32)
            await conn.execute(_insert_once(conn.dialect.name, made))
            value = (await conn.execute(query)).scalar_one()
    return bytes.fromhex(value)


def _insert_once(dialect: str, value: str) -> sa.Executable:
    row = {"name": _NAME, "value": value}
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(install_secrets).values(**row).on_conflict_do_nothing()
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(install_secrets).values(**row).on_conflict_do_nothing()
