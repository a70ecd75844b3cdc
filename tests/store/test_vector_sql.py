"""Vectors in SQL: float32 little-endian bytes both ways; the Python stand-in of
``vec_distance_cosine`` answers as sqlite-vec does (checked against the extension itself
where a sqlite3 module that loads extensions is installed); every SQLite connection of the
store can rank, with the extension or without."""

from __future__ import annotations

import math
import random
import sqlite3
import struct
from pathlib import Path

import pytest

from daemon.store import vector_sql
from daemon.store.db import Store
from daemon.store.vector_sql import PYTHON_FALLBACK, cosine_distance, install, pack, unpack


def test_vectors_are_float32_little_endian() -> None:
    data = pack([1.0, -0.5, 0.25])
    assert data == struct.pack("<3f", 1.0, -0.5, 0.25)
    assert list(unpack(data)) == [1.0, -0.5, 0.25]


def test_the_stand_in_is_one_minus_the_cosine() -> None:
    assert cosine_distance(pack([1, 0]), pack([1, 0])) == pytest.approx(0.0)
    assert cosine_distance(pack([1, 0]), pack([0, 1])) == pytest.approx(1.0)
    assert cosine_distance(pack([1, 0]), pack([-2, 0])) == pytest.approx(2.0)
    assert cosine_distance(pack([0, 0]), pack([1, 0])) == 1.0
    assert cosine_distance(None, pack([1, 0])) is None
    with pytest.raises(ValueError, match="2 and 3 dimensions"):
        cosine_distance(pack([1, 0]), pack([1, 0, 0]))


def test_a_connection_that_cannot_load_extensions_gets_the_stand_in() -> None:
    conn = sqlite3.connect(":memory:")

    class NoExtensions:
        """A connection as a sqlite3 built without extension loading hands out."""

        def create_function(self, *args: object, **kw: object) -> None:
            conn.create_function(*args, **kw)  # type: ignore[arg-type]

    assert install(NoExtensions()) is False
    assert conn.execute("SELECT vec_version()").fetchone() == (PYTHON_FALLBACK,)
    found = conn.execute("SELECT vec_distance_cosine(?, ?)", (pack([1, 0]), pack([0, 1])))
    assert found.fetchone()[0] == pytest.approx(1.0)


def test_the_stand_in_agrees_with_sqlite_vec() -> None:
    dbapi = pytest.importorskip(
        "pysqlite3.dbapi2", reason="no sqlite3 module that loads extensions is installed"
    )
    conn = dbapi.connect(":memory:")
    assert install(conn) is True
    assert str(conn.execute("SELECT vec_version()").fetchone()[0]).startswith("v")
    rng = random.Random(7)
    for _ in range(50):
        a = [rng.uniform(-1, 1) for _ in range(384)]
        b = [rng.uniform(-1, 1) for _ in range(384)]
        (theirs,) = conn.execute("SELECT vec_distance_cosine(?, ?)", (pack(a), pack(b))).fetchone()
        ours = cosine_distance(pack(a), pack(b))
        assert ours is not None and math.isclose(theirs, ours, abs_tol=1e-5)


async def test_every_store_connection_can_rank(tmp_path: Path) -> None:
    store = Store.from_url(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")
    try:
        async with store.connect() as conn:
            raw = await conn.exec_driver_sql(
                "SELECT vec_distance_cosine(?, ?), vec_version()", (pack([1, 0]), pack([1, 1]))
            )
            distance, version = raw.one()
            keys = (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar_one()
    finally:
        await store.close()
    assert distance == pytest.approx(1 - 1 / math.sqrt(2), abs=1e-6)
    assert version == PYTHON_FALLBACK or version.startswith("v")
    assert keys == 1
    assert vector_sql.PYTHON_FALLBACK == "python"
