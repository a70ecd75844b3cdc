"""The in-process Redis stand-in: a real arq client on fakeredis, answering ``INFO`` (which
arq's worker asks at start-up), with memoryd's job serializer, sharing a server when given."""

from __future__ import annotations

from fakeredis import FakeServer

from daemon.app.redis_standin import standin_redis
from daemon.queue import dumps


async def test_info_is_answered_with_a_version_and_memory() -> None:
    client = standin_redis()
    try:
        info = await client.info()
        assert info["redis_version"] == "7.0.0"
        assert info["connected_clients"] == 1
        assert "used_memory_human" in await client.info("memory")
    finally:
        await client.aclose()


async def test_clients_on_one_server_share_its_data_and_a_new_server_starts_empty() -> None:
    server = FakeServer()
    first, second, other = standin_redis(server), standin_redis(server), standin_redis()
    try:
        await first.set("k", "v")
        assert await second.get("k") == b"v"
        assert await other.get("k") is None
    finally:
        for client in (first, second, other):
            await client.aclose()


async def test_jobs_are_enqueued_with_memoryd_s_serializer() -> None:
    client = standin_redis()
    try:
        assert client.job_serializer is dumps
        job = await client.enqueue_job("extract", "s-1", _job_id="j-1")
        assert job is not None
        info = await job.info()
        assert info is not None and (info.function, list(info.args)) == ("extract", ["s-1"])
    finally:
        await client.aclose()
