"""``memoryd serve --workers 2``: two processes answer on one port; a worker killed while
serving is replaced and the port keeps answering; SIGTERM stops every worker and the parent
exits 0. Counted on the processes themselves (``/proc``), not on timing."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.api.conftest import Served, free_port, serve_env, start_serve

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.timeout(180)]


def children(pid: int) -> set[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    if not found.exists():
        pytest.skip("this system does not list a process's children in /proc")
    return {int(p) for p in found.read_text().split()}


def waited(check: Callable[[], bool], what: str, within_s: float = 60) -> None:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"not within {within_s} s: {what}")


def answered(base_url: str, times: int) -> list[int]:
    statuses = []
    for _ in range(times):  # one connection each: the kernel hands it to either worker
        statuses.append(httpx.get(f"{base_url}/healthz", timeout=10).status_code)
    return statuses


def test_two_workers_share_the_port_a_dead_one_is_replaced_and_sigterm_stops_all(
    stack: tuple[str, str],
) -> None:
    url, prefix = stack
    served = Served(f"http://127.0.0.1:{free_port()}", serve_env(url, prefix), url, prefix)
    process = start_serve(served, "--workers", "2")
    try:
        waited(lambda: len(children(process.pid)) == 2, "two workers")
        first = children(process.pid)
        assert answered(served.base_url, 20) == [200] * 20
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        waited(
            lambda: len(children(process.pid)) == 2 and victim not in children(process.pid),
            "the killed worker replaced",
        )
        waited(lambda: answered(served.base_url, 1) == [200], "the port answering again")
        assert answered(served.base_url, 20) == [200] * 20
        workers = children(process.pid)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
        for pid in workers:
            assert (
                not Path(f"/proc/{pid}").exists()
                or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]
            )
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
