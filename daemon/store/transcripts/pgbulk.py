"""PostgreSQL bulk paths for the dispatcher: COPY and INSERT … SELECT FROM unnest(arrays).

One round trip and a fraction of the client CPU of an INSERT rendered per row; used only on
PostgreSQL (SQLite takes the portable statements). They run on the driver's connection inside
the transaction of the SQLAlchemy connection they are given: SQLAlchemy's asyncpg adapter sends
``BEGIN`` lazily, at its own first statement, so one is sent here first when none is open
(otherwise each bulk statement would commit on its own). Errors are raised as SQLAlchemy's
(:func:`daemon.store.db.driver_error`), so that they are classified like any other
statement's (:mod:`daemon.store.failures`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.db import driver_error
from daemon.store.tables import UTCDateTime

_TYPES: tuple[tuple[type[Any], str], ...] = (
    (UTCDateTime, "timestamp"),
    (sa.JSON, "json"),
    (sa.Boolean, "bool"),
    (sa.BigInteger, "int8"),
    (sa.Integer, "int4"),
    (sa.String, "text"),
)


def _pg_type(column: sa.Column[Any]) -> str:
    for kind, name in _TYPES:
        if isinstance(column.type, kind):
            return name
    raise TypeError(f"no bulk type for {column.name}: {column.type!r}")


def json_text(value: Any) -> str | None:
    """A JSON column's value as the driver sends it."""
    return None if value is None else json.dumps(value)


def naive_utc(value: Any) -> Any:
    """A timestamp column's value as the driver sends it: naive UTC."""
    if isinstance(value, datetime):
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


#: How a Python value becomes what asyncpg sends for a kind; kinds not listed go as they are.
_CONVERT: dict[str, Callable[[Any], Any]] = {"json": json_text, "timestamp": naive_utc}


def _columns(
    table: sa.Table, rows: Sequence[dict[str, Any]]
) -> tuple[tuple[str, ...], list[str], list[list[Any]]]:
    """The column names, their bulk kinds, and the rows' values column by column (converted
    only where a kind needs it: one pass per column, no call per plain cell)."""
    names = tuple(rows[0])
    kinds = [_pg_type(table.c[name]) for name in names]
    columns: list[list[Any]] = []
    for name, kind in zip(names, kinds, strict=True):
        values = [row[name] for row in rows]
        convert = _CONVERT.get(kind)
        if convert is naive_utc:  # the messages of a turn share its time: convert it once
            seen: dict[Any, Any] = {}
            values = [seen[v] if v in seen else seen.setdefault(v, naive_utc(v)) for v in values]
        elif convert is not None:
            values = [convert(v) for v in values]
        columns.append(values)
    return names, kinds, columns


@contextmanager
def _as_refusal(what: str) -> Iterator[None]:
    try:
        yield
    except Exception as exc:
        raise driver_error(what, exc) from exc


async def _driver(conn: AsyncConnection) -> Any:
    """The asyncpg connection under ``conn``, inside the transaction ``conn`` is in."""
    raw = await conn.get_raw_connection()
    driver: Any = raw.driver_connection
    if not driver.is_in_transaction():
        await conn.exec_driver_sql("SELECT 1")  # makes the adapter send its BEGIN
        if not driver.is_in_transaction():
            raise RuntimeError("bulk statements need a connection inside a transaction")
    return driver


async def copy_records(
    conn: AsyncConnection, table: sa.Table, names: Sequence[str], records: list[tuple[Any, ...]]
) -> None:
    """COPY records (tuples in the order of ``names``, values as :func:`json_text` and
    :func:`naive_utc` make them) into ``table`` inside the open transaction."""
    driver = await _driver(conn)
    with _as_refusal(f"COPY {table.name}"):
        await driver.copy_records_to_table(table.name, records=records, columns=list(names))


async def insert_unnest(
    conn: AsyncConnection, table: sa.Table, rows: Sequence[dict[str, Any]], tail: str
) -> list[Any]:
    """``INSERT INTO table (…) SELECT * FROM unnest($1::t[], …) <tail>``; returns the rows
    ``tail`` returns (e.g. ``ON CONFLICT DO NOTHING RETURNING event_id``)."""
    names, kinds, arrays = _columns(table, rows)
    targets = ", ".join(f'"{name}"' for name in names)
    params = ", ".join(f"${i}::{kind}[]" for i, kind in enumerate(kinds, start=1))
    sql = f'INSERT INTO "{table.name}" ({targets}) SELECT * FROM unnest({params}) {tail}'
    driver = await _driver(conn)
    with _as_refusal(f"INSERT {table.name}"):
        return list(await driver.fetch(sql, *arrays))
