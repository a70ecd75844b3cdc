"""PostgreSQL's bulk paths: values converted as the driver sends them, INSERT … unnest with
its tail's returned rows, COPY, both inside the caller's transaction (rolled back with it),
and a failure raised as the store's own error."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.errors import StoreRefused
from daemon.store.transcripts import pgbulk

T0 = datetime(2026, 6, 1, 12, tzinfo=UTC)
_PROBE = sa.Table(
    "bulk_probe",
    sa.MetaData(),
    sa.Column("k", sa.String(20), primary_key=True),
    sa.Column("n", sa.Integer),
    sa.Column("big", sa.BigInteger),
    sa.Column("flag", sa.Boolean),
    sa.Column("doc", sa.JSON),
    sa.Column("at", pgbulk.UTCDateTime()),
)


class _RolledBack(Exception):
    pass


def test_values_are_converted_as_the_driver_sends_them() -> None:
    assert pgbulk.json_text(None) is None
    assert pgbulk.json_text({"a": [1, "é"]}) == '{"a": [1, "\\u00e9"]}'
    paris = timezone(timedelta(hours=2))
    assert pgbulk.naive_utc(datetime(2026, 6, 1, 14, tzinfo=paris)) == datetime(2026, 6, 1, 12)
    assert pgbulk.naive_utc(None) is None


async def _probe(runtime: Container, scratch_tables: list[str]) -> None:
    if runtime.store.dialect != "postgresql":
        pytest.skip("PostgreSQL's bulk paths")
    scratch_tables.append("bulk_probe")
    async with runtime.store.begin() as conn:
        await conn.run_sync(_PROBE.metadata.create_all)


def _row(key: str, **fields: Any) -> dict[str, Any]:
    return {"k": key, "n": 1, "big": 2**40, "flag": True, "doc": {"x": key}, "at": T0, **fields}


async def _rows(runtime: Container) -> list[Any]:
    async with runtime.store.connect() as conn:
        return list(await conn.execute(sa.select(_PROBE).order_by(_PROBE.c.k)))


async def test_insert_unnest_returns_what_its_tail_returns(
    runtime: Container, scratch_tables: list[str]
) -> None:
    await _probe(runtime, scratch_tables)
    async with runtime.store.begin() as conn:
        tail = "ON CONFLICT DO NOTHING RETURNING k"
        first = await pgbulk.insert_unnest(conn, _PROBE, [_row("a"), _row("b", doc=None)], tail)
        again = await pgbulk.insert_unnest(conn, _PROBE, [_row("b"), _row("c")], tail)
    assert [r["k"] for r in first] == ["a", "b"]
    assert [r["k"] for r in again] == ["c"]
    rows = await _rows(runtime)
    assert [(r.k, r.big, r.flag, r.doc, r.at) for r in rows] == [
        ("a", 2**40, True, {"x": "a"}, T0),
        ("b", 2**40, True, None, T0),
        ("c", 2**40, True, {"x": "c"}, T0),
    ]


async def test_copy_and_unnest_roll_back_with_the_transaction(
    runtime: Container, scratch_tables: list[str]
) -> None:
    await _probe(runtime, scratch_tables)
    names = ("k", "n", "big", "flag", "doc", "at")
    record = ("a", 1, 2, False, pgbulk.json_text([1]), pgbulk.naive_utc(T0))
    with pytest.raises(_RolledBack):
        async with runtime.store.begin() as conn:
            await pgbulk.copy_records(conn, _PROBE, names, [record])
            await pgbulk.insert_unnest(conn, _PROBE, [_row("b")], "")
            assert len(list(await conn.execute(sa.select(_PROBE.c.k)))) == 2
            raise _RolledBack
    assert await _rows(runtime) == []
    async with runtime.store.begin() as conn:
        await pgbulk.copy_records(conn, _PROBE, names, [record])
    [row] = await _rows(runtime)
    assert (row.k, row.flag, row.doc, row.at) == ("a", False, [1], T0)


async def test_a_failed_bulk_statement_is_the_stores_refusal(
    runtime: Container, scratch_tables: list[str]
) -> None:
    await _probe(runtime, scratch_tables)
    with pytest.raises(StoreRefused):
        async with runtime.store.begin() as conn:
            await pgbulk.insert_unnest(conn, _PROBE, [_row("a"), _row("a")], "")
    assert await _rows(runtime) == []


def test_a_column_of_no_bulk_kind_is_refused() -> None:
    table = sa.Table("odd", sa.MetaData(), sa.Column("f", sa.Float))
    with pytest.raises(TypeError, match="no bulk type for f"):
        pgbulk._columns(table, [{"f": 1.0}])
