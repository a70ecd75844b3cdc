"""The tenant attack pass (``./dev bench tenant-attacks``, tests/bench/tenant_attacks.py),
small, on SQLite and the real Redis: every attack exists and holds, the at-rest one with a
data key."""

from __future__ import annotations

import base64
import os

import pytest
import redis

from tests.backends import REDIS_URL, unavailable
from tests.bench.tenant_attacks import bench_tenant_attacks

pytestmark = [pytest.mark.redis, pytest.mark.slow]


async def test_every_tenant_attack_is_answered_and_holds() -> None:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        unavailable("Redis", exc)
    key = "k1:" + base64.b64encode(os.urandom(32)).decode()
    result = await bench_tenant_attacks(
        "sqlite+aiosqlite://", seal={"data": {"keys": key}}, flood=40
    )
    not_held = [
        (a["id"], a["verdict"], a["observed"]) for a in result["attacks"] if a["held"] is not True
    ]
    assert not_held == []
    assert {a["id"] for a in result["attacks"]} >= {f"T{n}" for n in range(1, 21)}
