"""The store's SQLite module: the interpreter's ``sqlite3`` where it loads extensions, else
pysqlite3's through aiosqlite; either way sqlite-vec loads into the store's connections when
one of them can load it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from daemon.store import sqlite_driver


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    sqlite_driver.dbapi.cache_clear()
    yield
    sqlite_driver.dbapi.cache_clear()


def test_a_stdlib_that_loads_extensions_is_used_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_driver, "stdlib_loads_extensions", lambda: True)
    assert sqlite_driver.dbapi() is None


def test_without_pysqlite3_the_dialects_default_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_driver, "stdlib_loads_extensions", lambda: False)
    monkeypatch.setattr(sqlite_driver, "_pysqlite3", lambda: None)
    assert sqlite_driver.dbapi() is None


def test_otherwise_the_dbapi_is_pysqlite3s_and_loads_sqlite_vec(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pysqlite3 = pytest.importorskip("pysqlite3.dbapi2")
    sqlite_vec = pytest.importorskip("sqlite_vec")
    monkeypatch.setattr(sqlite_driver, "stdlib_loads_extensions", lambda: False)
    dbapi = sqlite_driver.dbapi()
    assert dbapi is not None
    assert dbapi.sqlite_version == pysqlite3.sqlite_version
    assert dbapi.OperationalError is pysqlite3.OperationalError
    conn = pysqlite3.connect(":memory:")
    try:
        conn.enable_load_extension(True)
        sqlite_vec.load(conn)
        (version,) = conn.execute("select vec_version()").fetchone()
        assert str(version).startswith("v")
    finally:
        conn.close()
