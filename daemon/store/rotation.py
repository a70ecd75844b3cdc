"""Rotation of the data keys: everything sealed or signed brought to the primary key.

``memoryd keys rotate-data`` walks every sealed column (:data:`~daemon.store.transcripts.
sealed.SEALED`), the memories' integrity tags and the truncation files, in batches of one
transaction each, while memoryd keeps running: a row is read, opened with whichever key of
the ring sealed it (or read clear, when the store had no key before) and written back sealed
with the primary key, only if it still holds what was read (a write meanwhile wins). Every
row stays readable throughout, under the old key or the new; an interrupted rotation is
resumed by running it again (what is already under the primary key is not read again). A
row that does not open (its key is not in the ring, or it was altered) is counted and left
as it is; so is a memory whose integrity tag does not hold.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
import structlog
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.errors import ConfigError, SealedDataError
from daemon.base.sealing import ENVELOPE, Sealer
from daemon.store import memory
from daemon.store.db import Store
from daemon.store.transcripts.sealed import SEALED, SealedColumn
from daemon.store.truncation import TruncationStore

log = structlog.get_logger("memoryd.rotation")

#: Called after each batch: (what, rows resealed so far, rows left unreadable so far).
Progress = Callable[[str, int, int], None]


@dataclass
class Rotated:
    """What a rotation did, by place (``messages.content``, ``memories.integrity``,
    ``truncation files``): resealed, and left because they do not open or verify."""

    primary: str
    resealed: dict[str, int] = field(default_factory=dict)
    unreadable: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"primary": self.primary, "resealed": self.resealed, "unreadable": self.unreadable}


def _raw(column: SealedColumn) -> sa.ColumnElement[Any]:
    """The column's stored text (a JSON column's JSON text)."""
    value = column.table.c[column.column]
    return sa.cast(value, sa.Text) if column.json else value


def _stale(column: SealedColumn, primary: str) -> sa.ColumnElement[bool]:
    """Rows whose value is not sealed with ``primary``."""
    quote = '"' if column.json else ""
    sealed = f"{quote}{ENVELOPE}{primary}:"
    return sa.and_(
        column.table.c[column.column].is_not(None),
        sa.not_(_raw(column).startswith(sealed, autoescape=True)),
    )


async def _column_batch(
    conn: AsyncConnection,
    sealer: Sealer,
    primary: str,
    column: SealedColumn,
    after: tuple[Any, ...] | None,
    limit: int,
) -> tuple[int, int, tuple[Any, ...] | None]:
    """Reseal up to ``limit`` stale rows after ``after`` (in row key order); returns how many
    were resealed, how many did not open, and the last row key read (None: no row left)."""
    table = column.table
    keys = [table.c[k] for k in column.row_key]
    query = sa.select(
        *keys, table.c.tenant, table.c.project, table.c.user, _raw(column).label("raw")
    ).where(_stale(column, primary))
    if after is not None:
        query = query.where(sa.tuple_(*keys) > sa.tuple_(*after))
    rows = (await conn.execute(query.order_by(*keys).limit(limit))).all()
    if not rows:
        return 0, 0, None
    resealed = unreadable = 0
    for row in rows:
        stored = json.loads(row.raw) if column.json else row.raw
        try:
            clear = column.open(sealer, stored, row)
        except SealedDataError as exc:
            unreadable += 1
            log.warning(
                "rotation.unreadable", where=f"{table.name}.{column.column}", error=str(exc)
            )
            continue
        fresh = column.seal(sealer, clear, row)
        result = await conn.execute(
            sa.update(table)
            .where(*(k == row._mapping[k.name] for k in keys), _raw(column) == row.raw)
            .values({column.column: fresh})
        )
        resealed += result.rowcount
    last = rows[-1]
    return resealed, unreadable, tuple(last._mapping[k.name] for k in keys)


async def rotate(
    store: Store,
    truncation: TruncationStore,
    *,
    batch: int = 500,
    progress: Progress | None = None,
    max_batches: int | None = None,
) -> Rotated:
    """Bring every sealed value, memory tag and truncation file to the primary key of the
    store's sealer (``max_batches``: stop after that many transactions, as an interrupted
    run would; run again to go on)."""
    sealer = store.sealer
    primary = sealer.primary
    if primary is None:
        raise ConfigError(
            "no data key is configured (MEMORYD_DATA__KEYS or MEMORYD_DATA__KEY_FILE): "
            "there is nothing to seal with"
        )
    done = Rotated(primary)
    budget = [max_batches if max_batches is not None else -1]

    def spend() -> bool:
        if budget[0] == 0:
            return False
        budget[0] -= 1
        return True

    def tally(what: str, resealed: int, unreadable: int) -> None:
        done.resealed[what] = done.resealed.get(what, 0) + resealed
        done.unreadable[what] = done.unreadable.get(what, 0) + unreadable
        if progress is not None:
            progress(what, done.resealed[what], done.unreadable[what])

    for column in SEALED:
        what = f"{column.table.name}.{column.column}"
        after: tuple[Any, ...] | None = None
        while spend():
            async with store.begin() as conn:
                resealed, unreadable, after = await _column_batch(
                    conn, sealer, primary, column, after, batch
                )
            tally(what, resealed, unreadable)
            if after is None:
                break
        else:
            return done
    last: int | None = 0
    while last is not None and spend():
        async with store.begin() as conn:
            resealed, unreadable, last = await memory.resign_batch(conn, after=last, limit=batch)
        tally("memories.integrity", resealed, unreadable)
    if last is not None:
        return done
    last = 0
    while last is not None and spend():
        async with store.begin() as conn:
            resealed, unreadable, last = await memory.resign_batch(
                conn, after=last, limit=batch, versions=True
            )
        tally("memory_versions.integrity", resealed, unreadable)
    if last is not None:
        return done
    for name in truncation.names():
        try:
            tally("truncation files", int(truncation.reseal(name)), 0)
        except SealedDataError as exc:
            log.warning("rotation.unreadable", where=name, error=str(exc))
            tally("truncation files", 0, 1)
        except FileNotFoundError:  # cleanup removed it meanwhile
            continue
    return done


async def stale_counts(conn: AsyncConnection, sealer: Sealer) -> dict[str, int]:
    """How many values are not sealed (or signed) with the primary key, by place; all of
    the sealed columns' values when there is no key (they are clear)."""
    counts: dict[str, int] = {}
    for column in SEALED:
        value = column.table.c[column.column]
        where = _stale(column, sealer.primary) if sealer.primary is not None else value.is_not(None)
        found = await conn.execute(
            sa.select(sa.func.count()).select_from(column.table).where(where)
        )
        counts[f"{column.table.name}.{column.column}"] = int(found.scalar_one())
    return counts
