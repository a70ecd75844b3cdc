"""Vectors in SQL: their bytes, and the distance function SQLite computes on them.

A vector is stored as float32 little-endian bytes on every backend (:func:`pack`,
:func:`unpack`): what sqlite-vec reads, and what any reader can decode.

SQLite connections load the ``sqlite-vec`` extension (:func:`install`): its ``vec0``
index tables (:mod:`daemon.store.memory.vector_index`) and ``vec_distance_cosine(a, b)``, which
ranks a scope's vectors exactly inside the query. Where the interpreter's ``sqlite3`` cannot
load extensions the store's connections come from pysqlite3 (:mod:`daemon.store.sqlite_driver`);
without either, a connection gets the same function written in Python: the same statements
and results, at about a hundred times the cost per vector, and no index (see
``docs/memory-vectors.md``).
``vec_version()`` then answers :data:`PYTHON_FALLBACK`, which ``memoryd embeddings status``
reports.
"""

from __future__ import annotations

import contextlib
import math
import operator
import sys
from array import array
from collections.abc import Sequence
from typing import Any

import sqlite_vec
from sqlalchemy.util.concurrency import await_

#: What ``vec_version()`` answers on a connection without the extension.
PYTHON_FALLBACK = "python"
#: The names of sqlite-vec's index tables and their triggers begin with it
#: (:mod:`daemon.store.memory.vector_index`).
INDEX_PREFIX = "memory_vec_"
_SWAP = sys.byteorder != "little"


def pack(values: Sequence[float]) -> bytes:
    """``values`` as float32 little-endian bytes."""
    found = array("f", values)
    if _SWAP:
        found.byteswap()
    return found.tobytes()


def unpack(data: bytes) -> array[float]:
    """The floats of :func:`pack`'s bytes."""
    found = array("f")
    found.frombytes(data)
    if _SWAP:
        found.byteswap()
    return found


def cosine_distance(a: bytes | None, b: bytes | None) -> float | None:
    """``1 - cosine(a, b)`` of two packed vectors, as sqlite-vec's ``vec_distance_cosine``
    (``None`` when either is missing; an error when their lengths differ)."""
    if a is None or b is None:
        return None
    x, y = unpack(a), unpack(b)
    if len(x) != len(y):
        raise ValueError(f"vectors of {len(x)} and {len(y)} dimensions cannot be compared")
    dot = sum(map(operator.mul, x, y))
    norms = math.sqrt(sum(map(operator.mul, x, x)) * sum(map(operator.mul, y, y)))
    return 1.0 if norms == 0.0 else 1.0 - dot / norms


def install(dbapi_connection: Any, *, load: bool = True) -> bool:
    """Give a new SQLite connection ``vec_distance_cosine``: sqlite-vec when it loads (True),
    else the Python stand-in (False; not logged, as connections are opened before a command
    configures its logs: ``memoryd embeddings status`` names the ranking in use).
    ``load=False``: the stand-in without trying. A connection with the stand-in drops the
    triggers of sqlite-vec's index tables, which it could not run
    (:func:`unhook`)."""
    if load:
        with contextlib.suppress(Exception):  # no loadable extensions, or no sqlite-vec
            _load_extension(dbapi_connection)
            return True
    dbapi_connection.create_function("vec_distance_cosine", 2, cosine_distance, deterministic=True)
    dbapi_connection.create_function("vec_version", 0, _fallback_version, deterministic=True)
    unhook(dbapi_connection)
    return False


def _load_extension(dbapi_connection: Any) -> None:
    driver = getattr(dbapi_connection, "driver_connection", dbapi_connection)
    if hasattr(driver, "_execute"):  # aiosqlite: the calls run on its thread
        await_(driver.enable_load_extension(True))
        try:
            await_(driver.load_extension(sqlite_vec.loadable_path()))
        finally:
            await_(driver.enable_load_extension(False))
        return
    driver.enable_load_extension(True)
    try:
        sqlite_vec.load(driver)
    finally:
        driver.enable_load_extension(False)


def _fallback_version() -> str:
    return PYTHON_FALLBACK


def unhook(dbapi_connection: Any) -> None:
    """On a connection without sqlite-vec: drop the index triggers, whose vec0 tables it
    cannot write (see :mod:`daemon.store.memory.vector_index`). A read-only or busy
    database is left as it is: then its writes of vectors fail until a connection with
    sqlite-vec writes them."""
    with contextlib.suppress(Exception):
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '!'",
                (INDEX_PREFIX.replace("_", "!_") + "%",),
            )
            names = [row[0] for row in cursor.fetchall()]
            for name in names:
                cursor.execute(f'DROP TRIGGER IF EXISTS "{name}"')
            if names:
                dbapi_connection.commit()
        finally:
            cursor.close()
