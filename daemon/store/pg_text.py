"""SQL text for the statements PostgreSQL runs on the driver's connection
(:func:`daemon.store.db.fetch`), rendered from the tables' own SQLAlchemy objects.

asyncpg takes numbered parameters (``$1``) and runs text, so the hot reads that go around
SQLAlchemy are text; written by hand, each repeated a table's column list or a filter that
the SQLAlchemy statements also hold, and the two had to be changed together. Rendered from
the same columns and expressions, they cannot drift apart. Each text is rendered once (at
import, or on first use under a cache), never per statement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql.base import PGDialect

from daemon.store.tables import UTCDateTime

_DIALECT = PGDialect()  # type: ignore[no-untyped-call]  # SQLAlchemy leaves it unannotated


def columns(read: Iterable[sa.Column[Any]]) -> str:
    """``read`` as a select list, by name; a :class:`~daemon.store.tables.UTCDateTime`
    column as ``timestamptz`` in UTC under its own name, which asyncpg reads as an aware
    datetime, as SQLAlchemy's statements give it (the column holds naive UTC)."""
    quote = _DIALECT.identifier_preparer.quote
    listed = []
    for column in read:
        name = quote(column.name)
        if isinstance(column.type, UTCDateTime):
            listed.append(f"{name} AT TIME ZONE 'UTC' AS {name}")
        else:
            listed.append(name)
    return ", ".join(listed)


def parameter(text: str) -> sa.ColumnElement[Any]:
    """What stands for a driver's parameter (``"$3"``, ``"$3::varchar[]"``) in an expression
    given to :func:`condition`."""
    return sa.literal_column(text)


def condition(expression: sa.ColumnElement[Any]) -> str:
    """``expression`` as PostgreSQL text: its values written in as literals, each
    :func:`parameter` as it stands."""
    compiled = expression.compile(dialect=_DIALECT, compile_kwargs={"literal_binds": True})
    return str(compiled)


@dataclass(frozen=True, slots=True)
class Rider:
    """Columns one table's owner has another's statement carry, so that a reader learns
    both in one round trip: ``columns`` is select-list text whose parameters are written
    ``{0}``, ``{1}``… (numbered by :meth:`render` after the carrying statement's own), and
    ``args`` their values in that order."""

    columns: str
    args: tuple[Any, ...]

    def render(self, first: int) -> str:
        """The columns, their parameters numbered from ``$first``."""
        return numbered(self.columns, first, len(self.args))


def numbered(text: str, first: int, count: int) -> str:
    """``text`` with its ``count`` parameters ``{0}``, ``{1}``… written ``$first``,
    ``$first + 1``…"""
    return text.format(*(f"${first + i}" for i in range(count)))
