"""A second PostgreSQL, with pgvector, for the HNSW path of memory vectors.

The shared test server may have no pgvector; the ``pgserver`` package bundles PostgreSQL 16
with it. A session starts one in its own temporary data directory (deleted at its end),
reached on its own Unix socket (no port to collide with), or uses the one at
``MEMORYD_TEST_PGVECTOR_URL`` (``./dev services`` starts one and prints it). Each run
migrates a private database and empties it per test, as
:class:`tests.backends.PostgresDatabase` does.

``python -m tests.pgvector_server DIR`` starts a server in DIR, leaves it running, prints
its URL.
"""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from daemon.base.settings import normalize_database_url
from daemon.store.engine import make_engine, upgrade
from daemon.store.tables import metadata
from tests.backends import RUN_ID, run_blocking

URL_VARIABLE = "MEMORYD_TEST_PGVECTOR_URL"


def start(directory: Path, *, keep: bool = False) -> tuple[str, Any]:
    """Start (or reuse) a pgserver in ``directory``; its admin URL and the server (to stop
    with ``cleanup()``, unless ``keep``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs: no XDG_RUNTIME_DIR on servers
        import pgserver

        server = pgserver.get_server(  # type: ignore[attr-defined]
            directory, cleanup_mode=None if keep else "delete"
        )
        return normalize_database_url(server.get_uri("postgres")), server


class PgvectorDatabase:
    """A private database with the ``vector`` extension, migrated once, emptied per test."""

    def __init__(self, directory: Path | None = None) -> None:
        #: Not under pytest's temporary directories, whose permissions it changes: the
        #: server runs as an unprivileged user when started by root.
        self.directory = directory or Path(tempfile.mkdtemp(prefix="memoryd-pgvector-"))
        self.name = f"memoryd_vec_{RUN_ID}"
        self.url = ""
        self.error: BaseException | None = None
        self._server: Any = None
        self._admin = ""

    def create(self) -> None:
        try:
            given = os.environ.get(URL_VARIABLE)
            if given:
                self._admin = normalize_database_url(given)
            else:
                self._admin, self._server = start(self.directory)
            base = sa.engine.make_url(self._admin)
            self.url = base.set(database=self.name).render_as_string(hide_password=False)
            run_blocking(self._create)
        except Exception as exc:
            self.error = exc

    async def _create(self) -> None:
        admin = create_async_engine(self._admin, isolation_level="AUTOCOMMIT")
        try:
            async with admin.connect() as conn:
                await conn.execute(sa.text(f'CREATE DATABASE "{self.name}"'))
        finally:
            await admin.dispose()
        engine = make_engine(self.url)
        try:
            await upgrade(engine)
            async with engine.connect() as conn:
                found = await conn.execute(
                    sa.text("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
                )
                if found.first() is None:
                    raise RuntimeError("the server has no pgvector extension")
        finally:
            await engine.dispose()

    async def reset(self) -> None:
        engine = create_async_engine(self.url)
        try:
            async with engine.begin() as conn:
                names = ", ".join(f'"{t.name}"' for t in metadata.sorted_tables)
                await conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY"))
        finally:
            await engine.dispose()

    def drop(self) -> None:
        async def run() -> None:
            admin = create_async_engine(self._admin, isolation_level="AUTOCOMMIT")
            try:
                async with admin.connect() as conn:
                    await conn.execute(
                        sa.text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
                    )
            finally:
                await admin.dispose()

        if self._server is None and self.url and self.error is None:
            run_blocking(run)  # a server of our own goes whole, with its data directory
        if self._server is not None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self._server.cleanup()


if __name__ == "__main__":
    url, _ = start(Path(sys.argv[1]).resolve(), keep=True)
    sys.stdout.write(url + "\n")
