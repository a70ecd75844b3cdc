"""The long-running processes: dispatcher, worker, or both, with graceful shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable

import structlog
from arq import Worker
from redis.exceptions import RedisError

from daemon.app.container import Container
from daemon.base.clock import Clock
from daemon.base.errors import QueueError
from daemon.dispatcher.dispatcher import DispatchStats

log = structlog.get_logger("memoryd.process")


async def check_redis(container: Container) -> None:
    try:
        await asyncio.wait_for(container.redis.ping(), timeout=5)
    except Exception as exc:
        raise QueueError(
            f"cannot reach Redis at MEMORYD_REDIS_URL ({type(exc).__name__}: {exc})"
        ) from exc


def _on_signals(handler: Callable[[signal.Signals], None]) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, handler, sig)


def _stop_worker(worker: Worker, sig: signal.Signals, *, wait_s: float) -> None:
    """Stop picking jobs; let running ones finish within ``wait_s``."""
    if wait_s > 0:
        worker.handle_sig_wait_for_completion(sig)
    else:
        worker.handle_sig(sig)


async def _run_worker(worker: Worker, clock: Clock, *, retry_s: float = 1.0) -> None:
    """Run the worker; when Redis goes away, wait and carry on rather than exit."""
    while True:
        try:
            await worker.async_run()
            return
        except asyncio.CancelledError:
            return
        except (RedisError, OSError) as exc:
            log.warning("worker.redis_error", error=str(exc)[:300])
            await clock.sleep(retry_s)


_SOON_MS = 1000  # a job due this soon (a retry's short backoff) still counts as work to do


async def drain_worker(worker: Worker, container: Container, *, poll_s: float = 0.05) -> None:
    """Run ``worker`` until no job is due (within a second) or running; jobs deferred to later
    are left queued, unlike arq's own burst mode, which waits for them."""
    task = asyncio.create_task(_run_worker(worker, container.clock))
    idle_checks = 0
    try:
        while not task.done():
            await asyncio.sleep(poll_s)  # the worker runs on real time: wait on it for real
            now_ms = int(container.clock.now().timestamp() * 1000)
            due = await container.redis.zcount(container.keys.queue, 0, now_ms + _SOON_MS)
            busy = due > 0 or worker.job_counter > 0 or bool(worker.tasks)
            idle_checks = 0 if busy else idle_checks + 1
            if idle_checks >= 3:
                worker.handle_sig(signal.SIGUSR1)
                break
    finally:
        await task


#: Builds the arq worker of a process on its container (``workers.worker_settings.build_worker``:
#: the edge that runs the processes passes it in, as workers sit above this layer).
WorkerFactory = Callable[[Container], Worker]


async def run_processes(
    container: Container,
    *,
    dispatch: bool,
    work: bool,
    burst: bool = False,
    build_worker: WorkerFactory | None = None,
) -> DispatchStats | None:
    """Run the dispatcher, a worker (built by ``build_worker``), or both until a signal (or,
    with burst, until drained)."""
    if work and build_worker is None:
        raise ValueError("a worker needs its factory (workers.worker_settings.build_worker)")
    await check_redis(container)
    container.announce_at_rest()
    dispatcher = container.dispatcher() if dispatch else None
    worker = build_worker(container) if work and build_worker is not None else None

    def stop(sig: signal.Signals) -> None:
        log.info("process.stopping", signal=sig.name)
        if dispatcher is not None:
            dispatcher.stop()
        if worker is not None:
            _stop_worker(worker, sig, wait_s=container.settings.worker.job_completion_wait_s)

    _on_signals(stop)
    metrics = None
    if container.settings.metrics.enabled:
        from daemon.app.prometheus import start_metrics

        metrics = await start_metrics(container, dispatcher=dispatcher, worker=worker)
    stats = None
    try:
        if dispatcher is not None and worker is not None and burst:
            stats = await dispatcher.run(burst=True)
            await drain_worker(worker, container)
        elif dispatcher is not None and worker is not None:
            results = await asyncio.gather(dispatcher.run(), _run_worker(worker, container.clock))
            stats = results[0]
        elif dispatcher is not None:
            stats = await dispatcher.run(burst=burst)
        elif worker is not None and burst:
            await drain_worker(worker, container)
        elif worker is not None:
            await _run_worker(worker, container.clock)
    finally:
        if metrics is not None:
            metrics.stop()
        if worker is not None:  # arq's Worker.close() would close the container's Redis pool
            await asyncio.gather(*worker.tasks.values(), return_exceptions=True)
            await container.redis.delete(worker.health_check_key)
    return stats
