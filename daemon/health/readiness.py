"""Whether this process can serve: the answer ``/readyz`` gives a load balancer.

A load balancer asks each ``memoryd serve`` process whether to send it requests. The answer
is this process's own: its store answers (every key check, recall and memory route needs
it), and Redis answers (publishing needs it; recall does not, so a Redis outage leaves the
process ready, degraded). The whole system's verdict (workers alive, backlog, dead letters:
``memoryd status``) is not the process's to answer for: served on ``/statusz``, it would
take every API process out of a load balancer when only the workers are down.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from daemon.base.errors import describe
from daemon.health.report import Finding, Level
from daemon.store.backends import Backends

#: What a finding tells (``/readyz`` takes no key: no backend's error text).
STORE_DOWN = "the store does not answer: every route but /healthz fails"
REDIS_DOWN = "Redis does not answer: publishing answers 503, recall still serves"


async def _answers(call: Awaitable[object], timeout_s: float) -> str | None:
    """None when ``call`` completes within ``timeout_s``, else why not."""
    try:
        await asyncio.wait_for(call, timeout_s)
    except TimeoutError:
        return f"no answer within {timeout_s:g}s"
    except Exception as exc:  # whatever the backend raised, it did not answer
        return describe(exc)
    return None


async def process_readiness(
    backends: Backends, *, timeout_s: float = 2.0
) -> tuple[Level, list[Finding]]:
    """This process's readiness: DOWN (not ready) when its store does not answer, DEGRADED
    when only Redis does not, HEALTHY otherwise; with a finding per backend that failed
    (its error as ``detail``, for logs)."""
    store, redis = await asyncio.gather(
        _answers(backends.store.check_schema(), timeout_s),
        _answers(backends.redis.ping(), timeout_s),
    )
    findings = []
    if store is not None:
        findings.append(Finding(Level.DOWN, "store", STORE_DOWN, f" ({store})"))
    if redis is not None:
        findings.append(Finding(Level.DEGRADED, "redis", REDIS_DOWN, f" ({redis})"))
    return max((f.level for f in findings), default=Level.HEALTHY), findings
