"""An in-process Redis stand-in (fakeredis) for the demo and the fast tests.

fakeredis is not a runtime dependency: it comes with the ``demo`` extra (``memoryd[demo]``,
which ``dev`` includes), and only ``memoryd demo`` without a Redis server imports this
module.

arq's worker logs ``INFO`` at start-up, which fakeredis does not implement; the connection
class here answers it with a minimal reply so that a real arq ``Worker`` runs unchanged.
"""

from __future__ import annotations

from typing import Any

from arq.connections import ArqRedis
from fakeredis import FakeServer
from fakeredis._commands import command
from fakeredis._socket import AsyncFakeSocket
from fakeredis.aioredis import FakeAsyncRedisConnection, FakeReader, FakeWriter
from redis.asyncio import ConnectionPool

from daemon.queue import dumps, loads

_INFO = (
    b"# Server\r\nredis_version:7.0.0\r\n# Memory\r\nused_memory_human:0B\r\n"
    b"# Clients\r\nconnected_clients:1\r\n"
)


class _Socket(AsyncFakeSocket):
    @command(name="INFO", fixed=(), repeat=(bytes,))
    def info(self, *sections: bytes) -> bytes:
        return _INFO


class _Connection(FakeAsyncRedisConnection):
    async def _connect(self) -> None:
        await super()._connect()
        self._sock = _Socket(
            self._server,
            self.db,
            client_class=self._client_class,
            lua_modules=self._lua_modules,
            client_info=self._client_info,
        )
        self._reader = FakeReader(self._sock)
        self._writer = FakeWriter(self._sock)


def standin_redis(server: FakeServer | None = None, **kwargs: Any) -> ArqRedis:
    """An ``ArqRedis`` client on an in-process fake server (a new one unless given)."""
    pool = ConnectionPool(connection_class=_Connection, server=server or FakeServer())
    client = ArqRedis(connection_pool=pool, job_serializer=dumps, job_deserializer=loads, **kwargs)
    client.auto_close_connection_pool = True
    return client
