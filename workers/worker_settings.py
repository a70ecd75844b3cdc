"""arq worker settings: how memoryd's jobs run.

``build_worker`` is what ``memoryd worker`` uses (settings built at the edge and passed in).
``WorkerSettings`` serves ``arq workers.worker_settings.WorkerSettings`` for those who prefer arq's
own command: its start-up builds the settings from the environment.
"""

from __future__ import annotations

from typing import Any

from arq import Worker, cron, func
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container, process_name
from daemon.base.redis_keys import Keys
from daemon.base.settings import LLMSettings, Settings, load_settings
from daemon.queue import EMBED_FUNCTION, EXTRACT_FUNCTION, dumps, loads
from workers.cron import scheduled_jobs
from workers.heartbeat import HeartbeatWorker, heartbeat_options
from workers.job_context import CTX_KEY, JobContext
from workers.jobs import after_job_end, embed_pending, extract_session, sweep

#: How often the scheduled backfill embeds what is still pending (new spaces, outages).
EMBED_BACKFILL_EVERY_S = 600


def _every(seconds: int) -> dict[str, Any]:
    """arq cron fields for "every ``seconds``" (rounded to what a clock face can express)."""
    if seconds < 60:
        return {"second": set(range(0, 60, seconds))}
    if seconds < 3600:
        return {"second": {0}, "minute": set(range(0, 60, max(1, seconds // 60)))}
    return {"second": {0}, "minute": {0}, "hour": set(range(0, 24, max(1, seconds // 3600)))}


def worker_options(settings: Settings) -> dict[str, Any]:
    """Everything arq needs but the Redis pool: JSON payloads, no kept results, short polls."""
    w = settings.worker
    keys = Keys.of(settings)
    every = w.sweep_interval_s
    return {
        "functions": [
            func(
                extract_session,
                name=EXTRACT_FUNCTION,
                timeout=w.job_timeout_s,
                max_tries=w.max_tries,
                keep_result=0,
            ),
            func(
                embed_pending,
                name=EMBED_FUNCTION,
                timeout=w.job_timeout_s,
                max_tries=w.max_tries,
                keep_result=0,
            ),
        ],
        "cron_jobs": [
            cron(
                sweep,
                name=keys.scheduled_job("sweep"),
                **_every(every),
                run_at_startup=True,
                # arq keeps a crashed job's lease for the largest timeout of all functions
                # (+10 s): the sweep must not be the one that delays recovery.
                timeout=min(60.0, w.job_timeout_s),
                keep_result=0,
            ),
            cron(
                embed_pending,
                name=keys.scheduled_job("embed-backfill"),
                **_every(EMBED_BACKFILL_EVERY_S),
                run_at_startup=True,
                unique=True,
                timeout=w.job_timeout_s,
                keep_result=0,
                max_tries=w.max_tries,  # a transient failure retries as the triggered job does
            ),
            *scheduled_jobs(settings),
        ],
        "queue_name": keys.queue,
        "health_check_key": keys.queue_health_check,
        "after_job_end": after_job_end,
        "job_serializer": dumps,
        "job_deserializer": loads,
        "keep_result": 0,
        "max_jobs": w.max_jobs,
        "max_tries": w.max_tries,
        "poll_delay": w.poll_delay_s,
        "health_check_interval": w.health_check_interval_s,
        "job_timeout": w.job_timeout_s,
        "job_completion_wait": w.job_completion_wait_s,
    }


def build_worker(container: Container, *, burst: bool = False, **overrides: Any) -> Worker:
    """An arq worker on the container's Redis pool with the job context already built."""
    if not isinstance(container.redis, ArqRedis):
        raise TypeError("a worker runs on arq's Redis client (daemon.app.container.connect_redis)")
    beat = heartbeat_options(
        container.keys, process_name(), container.clock
    )  # its own health key: status counts it
    options = worker_options(container.settings) | beat | overrides
    ctx = {CTX_KEY: JobContext.build(container)}
    return HeartbeatWorker(
        redis_pool=container.redis, ctx=ctx, burst=burst, handle_signals=False, **options
    )


async def _startup(ctx: dict[str, Any]) -> None:
    settings = load_settings()
    container = await open_container(settings, redis=ctx["redis"])
    container.announce_at_rest()
    ctx[CTX_KEY] = JobContext.build(container)


async def _shutdown(ctx: dict[str, Any]) -> None:
    context = ctx.get(CTX_KEY)
    if isinstance(context, JobContext):
        await context.container.store.close()


WorkerSettings = type(
    "WorkerSettings",
    (),
    {
        **worker_options(Settings.model_construct(llm=LLMSettings.model_construct(api_key=None))),
        "on_startup": _startup,
        "on_shutdown": _shutdown,
        "__doc__": (
            "For `arq workers.worker_settings.WorkerSettings`: memoryd's default queue and "
            "timeouts, Redis on localhost; MEMORYD_* are read at start-up for the store and "
            "extractor. `memoryd worker` honours every setting and is the supported way to "
            "run workers."
        ),
    },
)
