"""The one reading of a store failure: down (retry), refused (the data), or neither; and the
store's connections raising its own errors, never SQLAlchemy's."""

from __future__ import annotations

import builtins
from datetime import datetime

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import (
    DataError,
    DBAPIError,
    IntegrityError,
    OperationalError,
    StatementError,
    TimeoutError,
)

from daemon.app.container import Container
from daemon.base.errors import (
    CursorConflict,
    StatementFailed,
    StoreRefused,
    StoreUnavailable,
)
from daemon.store.db import driver_error
from daemon.store.failures import is_outage, is_refusal, kind_of, store_errors, translated
from daemon.store.tables import jobs_state


class _Driver(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"driver says {sqlstate}")
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (OSError("refused"), StoreUnavailable),
        (builtins.TimeoutError(), StoreUnavailable),
        (TimeoutError("pool"), StoreUnavailable),  # SQLAlchemy's own: the pool
        (OperationalError("SELECT", None, ConnectionResetError("gone")), StoreUnavailable),
        (IntegrityError("INSERT", None, Exception("duplicate key")), StoreRefused),
        (DataError("INSERT", None, Exception("too long")), StoreRefused),
        (driver_error("COPY", _Driver("08006")), StoreUnavailable),
        (driver_error("COPY", _Driver("40P01")), StoreUnavailable),
        (driver_error("COPY", _Driver("23505")), StoreRefused),
        (driver_error("COPY", _Driver("22001")), StoreRefused),
        (driver_error("COPY", _Driver("54000")), StoreRefused),
        (driver_error("COPY", _Driver("42P01")), StatementFailed),
        (driver_error("COPY", _Driver("23505"), connection_invalidated=True), StoreUnavailable),
        (DBAPIError("SELECT", None, Exception("database is locked")), StoreUnavailable),
        (DBAPIError("SELECT", None, ValueError("odd")), StatementFailed),
        (StoreRefused(), StoreRefused),
        (CursorConflict(), None),
        (ValueError("not the store's"), None),
    ],
)
def test_each_failure_is_read_once(exc: BaseException, kind: type[StatementFailed] | None) -> None:
    assert kind_of(exc) is kind
    assert is_outage(exc) == (kind is StoreUnavailable)
    assert is_refusal(exc) == (kind is StoreRefused)


def test_a_translated_error_keeps_the_drivers_error() -> None:
    orig = _Driver("23505")
    error = translated(driver_error("INSERT INTO turns", orig))
    assert isinstance(error, StoreRefused) and error.orig is orig
    assert str(error) == "_Driver: driver says 23505"


async def test_the_stores_connections_raise_its_own_errors(
    runtime: Container, scratch_tables: list[str]
) -> None:
    store = runtime.store
    scratch_tables.append("failures_probe")
    async with store.begin() as conn:
        await conn.execute(sa.text("CREATE TABLE failures_probe (n integer PRIMARY KEY)"))
        await conn.execute(sa.text("INSERT INTO failures_probe VALUES (1)"))
    with pytest.raises(StoreRefused) as refused:
        async with store.begin() as conn:
            await conn.execute(sa.text("INSERT INTO failures_probe VALUES (1)"))
    assert isinstance(refused.value.__cause__, IntegrityError)
    for opened in (store.connect, store.read):
        with pytest.raises(StatementFailed) as failed:
            async with opened() as conn:
                await conn.execute(sa.text("SELECT n FROM no_such_table"))
        if store.dialect == "postgresql":  # SQLite's driver says OperationalError for all
            assert not isinstance(failed.value, StoreUnavailable | StoreRefused)
    async with store.connect() as conn:  # the rolled-back insert left the row alone
        assert (await conn.execute(sa.text("SELECT count(*) FROM failures_probe"))).scalar() == 1


def test_a_value_that_cannot_be_bound_is_not_an_outage() -> None:
    exc = StatementError("naive datetime given to the store", "INSERT", {}, ValueError("naive"))
    assert not is_outage(exc)
    assert is_refusal(exc)
    wrong_type = StatementError("bind", "INSERT", {}, TypeError("not a str"))
    assert kind_of(wrong_type) is StoreRefused


def test_a_bind_failing_on_the_path_is_an_outage_and_anything_else_a_statement() -> None:
    lost = StatementError("bind", "INSERT", {}, ConnectionResetError("reset"))
    assert kind_of(lost) is StoreUnavailable
    odd = StatementError("bind", "INSERT", {}, KeyError("k"))
    assert kind_of(odd) is StatementFailed


async def test_a_naive_time_given_to_the_store_is_refused_not_retried(
    runtime: Container,
) -> None:
    naive = datetime(2026, 11, 26, 12, 0)
    with pytest.raises(StoreRefused) as refused:
        async with runtime.store.begin() as conn:
            await conn.execute(sa.insert(jobs_state).values(name="probe", last_started_at=naive))
    assert isinstance(refused.value.__cause__, StatementError)


async def test_a_server_the_driver_cannot_reach_is_an_outage_of_the_store() -> None:
    """asyncpg raises its connection's failure (an ``OSError``) unwrapped by SQLAlchemy."""
    with pytest.raises(StoreUnavailable) as raised:
        async with store_errors():
            raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 1)")
    assert isinstance(raised.value.__cause__, ConnectionRefusedError)
