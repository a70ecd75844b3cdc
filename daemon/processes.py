"""The long-running processes: dispatcher, worker, or both, with graceful shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable

import structlog
from arq import Worker

from daemon.dispatcher.dispatcher import DispatchStats
from daemon.errors import QueueError
from daemon.runtime import Runtime

log = structlog.get_logger("memoryd.process")


async def check_redis(runtime: Runtime) -> None:
    try:
        await asyncio.wait_for(runtime.redis.ping(), timeout=5)
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


async def _run_worker(worker: Worker) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        await worker.async_run()


async def run_processes(
    runtime: Runtime, *, dispatch: bool, work: bool, burst: bool = False
) -> DispatchStats | None:
    """Run the dispatcher, a worker, or both until a signal (or, with burst, until drained)."""
    from workers.settings import build_worker

    await check_redis(runtime)
    dispatcher = runtime.dispatcher() if dispatch else None
    worker = build_worker(runtime, burst=burst) if work else None

    def stop(sig: signal.Signals) -> None:
        log.info("process.stopping", signal=sig.name)
        if dispatcher is not None:
            dispatcher.stop()
        if worker is not None:
            _stop_worker(worker, sig, wait_s=runtime.settings.worker.job_completion_wait_s)

    _on_signals(stop)
    stats = None
    try:
        if dispatcher is not None and worker is not None and burst:
            stats = await dispatcher.run(burst=True)
            await _run_worker(worker)
        elif dispatcher is not None and worker is not None:
            results = await asyncio.gather(dispatcher.run(), _run_worker(worker))
            stats = results[0]
        elif dispatcher is not None:
            stats = await dispatcher.run(burst=burst)
        elif worker is not None:
            await _run_worker(worker)
    finally:
        if worker is not None:
            await worker.close()
    return stats
