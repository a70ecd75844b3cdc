"""Which ``sqlite3`` module the store's SQLite connections are made with.

sqlite-vec is a loadable extension, and a ``sqlite3`` module built without
``enable_load_extension`` (pyenv's default build, some distributions') cannot load it. There
the store opens its connections with ``pysqlite3`` (the ``pysqlite3-binary`` wheel: the same
module, built with its own recent SQLite that loads extensions and has FTS5), still through
aiosqlite and SQLAlchemy's aiosqlite dialect: :func:`dbapi` returns the DBAPI module that
dialect takes (``create_async_engine(..., module=...)``), whose connections, errors and
``sqlite_version`` are pysqlite3's. Where the interpreter's own ``sqlite3`` loads
extensions, it is used as it is (:func:`dbapi` returns ``None``).

Without either, the store runs on the interpreter's ``sqlite3`` and memory vectors are
ranked by a Python stand-in (:mod:`daemon.store.vector_sql`).
"""

from __future__ import annotations

import functools
import sqlite3
import types
from pathlib import Path
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import AsyncAdapt_aiosqlite_dbapi

#: What the dialect reads from the module it adapts (aiosqlite re-exports sqlite3's).
_NAMES = (
    *("DatabaseError", "Error", "IntegrityError", "NotSupportedError"),
    *("OperationalError", "ProgrammingError", "sqlite_version", "sqlite_version_info"),
)


def stdlib_loads_extensions() -> bool:
    """Whether the interpreter's ``sqlite3`` can load extensions."""
    return hasattr(sqlite3.Connection, "enable_load_extension")


def _pysqlite3() -> types.ModuleType | None:
    try:
        import pysqlite3.dbapi2 as found
    except ImportError:
        return None
    module: types.ModuleType = found
    return module


@functools.cache
def dbapi() -> Any | None:
    """The aiosqlite DBAPI module over pysqlite3 when the interpreter's ``sqlite3`` cannot
    load extensions and pysqlite3 is installed, else ``None`` (the dialect's default)."""
    if stdlib_loads_extensions():
        return None
    module = _pysqlite3()
    if module is None:
        return None
    return AsyncAdapt_aiosqlite_dbapi(_aiosqlite_over(module), module)


def _aiosqlite_over(module: types.ModuleType) -> types.ModuleType:
    """aiosqlite's interface (``connect``, ``Connection``, the errors) over ``module``."""
    shim = types.ModuleType("aiosqlite_over_" + module.__name__.replace(".", "_"))
    shim.__version__ = aiosqlite.__version__  # type: ignore[attr-defined]
    shim.Connection = aiosqlite.Connection  # type: ignore[attr-defined]
    for name in _NAMES:
        setattr(shim, name, getattr(module, name))

    def connect(
        database: str | bytes | Path, *, iter_chunk_size: int = 64, **kwargs: Any
    ) -> aiosqlite.Connection:
        location = database.decode() if isinstance(database, bytes) else str(database)
        return aiosqlite.Connection(
            functools.partial(module.connect, location, **kwargs), iter_chunk_size
        )

    shim.connect = connect  # type: ignore[attr-defined]
    return shim
