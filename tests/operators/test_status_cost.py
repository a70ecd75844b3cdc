"""``memoryd status`` reads a million-entry turn stream from Redis's summaries (XINFO, XLEN,
XPENDING) and stays right. How long it takes is a benchmark figure, not a test assertion."""

from __future__ import annotations

import pytest

from daemon.app.container import Container
from daemon.base.clock import SystemClock
from daemon.health import gather_status
from tests.backends import REAL_ONLY

# Server-side filling: a million XADDs in ten scripts of 100,000 (each blocks Redis ~0.1 s).
_FILL = """
for i = 1, tonumber(ARGV[1]) do
  redis.call('XADD', KEYS[1], '*', 'event', ARGV[2])
end
return redis.call('XLEN', KEYS[1])
"""


@pytest.mark.slow
@REAL_ONLY
async def test_status_reads_a_million_entry_stream_right(runtime: Container) -> None:
    redis, keys = runtime.redis, runtime.keys
    await runtime.dispatcher(consumer="reader").ensure_group()
    fill = redis.register_script(_FILL)
    for _ in range(10):
        length = await fill(keys=[keys.stream], args=[100_000, b'{"v":1}'])
    assert length == 1_000_000
    await redis.xreadgroup(keys.group, "reader", {keys.stream: ">"}, count=5000)
    for _ in range(500):
        await redis.xadd(keys.dead, {"reason": "bad", "payload": b"x", "at": "t"})
    await runtime.queue().request_extraction([f"s{i}" for i in range(3000)], delay_s=0)

    probe = Container(
        settings=runtime.settings, redis=runtime.redis, store=runtime.store, clock=SystemClock()
    )
    status = await gather_status(probe)
    await redis.delete(keys.stream)

    assert status.stream.length == 1_000_000
    assert status.stream.lag == 995_000 and status.stream.pending == 5000
    assert status.dead.count == 500 and status.queue.depth == 3000
