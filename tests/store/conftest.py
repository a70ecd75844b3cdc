"""Scratch tables: a test that creates a table outside the declared schema names it in
``scratch_tables``, and it is dropped afterwards. PostgreSQL keeps one database for the whole
session (only the declared tables are emptied between tests): a table left behind would
outlive its test, and the schema test would see it as a difference."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import sqlalchemy as sa

from daemon.app.container import Container


@pytest.fixture
async def scratch_tables(runtime: Container) -> AsyncIterator[list[str]]:
    names: list[str] = []
    yield names
    async with runtime.store.begin() as conn:
        for name in names:
            await conn.execute(sa.text(f'DROP TABLE IF EXISTS "{name}"'))
