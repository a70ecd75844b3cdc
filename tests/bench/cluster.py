"""A memoryd cluster on this machine for benchmarks: dispatcher and worker processes sharing
one Redis and one database, started, killed and stopped on demand; a dispatcher may be
started with a failpoint armed (see :mod:`daemon.base.failpoints`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from daemon.base.settings import Settings


def process_env(settings: Settings, **extra: str) -> dict[str, str]:
    """The environment that points a memoryd process at these settings."""
    env = {
        **os.environ,
        "MEMORYD_DATABASE_URL": settings.database_url,
        "MEMORYD_REDIS_URL": settings.redis_url,
        "MEMORYD_REDIS_PREFIX": settings.redis_prefix,
        "MEMORYD_TRUNCATION__DIR": str(settings.truncation.dir),
        "MEMORYD_EXTRACTION__DEBOUNCE_S": str(settings.extraction.debounce_s),
        "MEMORYD_WORKER__MAX_JOBS": str(settings.worker.max_jobs),
        "MEMORYD_WORKER__POLL_DELAY_S": str(settings.worker.poll_delay_s),
        "MEMORYD_WORKER__JOB_TIMEOUT_S": str(settings.worker.job_timeout_s),
        "MEMORYD_WORKER__SWEEP_INTERVAL_S": str(settings.worker.sweep_interval_s),
        "MEMORYD_WORKER__RETRY_BACKOFF_S": str(settings.worker.retry_backoff_s),
        "MEMORYD_STREAM__CLAIM_IDLE_S": str(settings.stream.claim_idle_s),
        "MEMORYD_STREAM__CLAIM_INTERVAL_S": str(settings.stream.claim_interval_s),
        "MEMORYD_LOG__LEVEL": "warning",
        "MEMORYD_LOG__FORMAT": "json",
    }
    env.update(extra)
    return env


@dataclass
class Cluster:
    settings: Settings
    log_dir: Path
    extra_env: dict[str, str] = field(default_factory=dict)
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    armed: dict[str, str] = field(default_factory=dict)  # process → its failpoint
    _counter: int = 0

    def start(self, kind: str, *, failpoint: str | None = None) -> str:
        """Start a ``dispatch`` or ``worker`` process; returns its name. A dispatcher given a
        ``failpoint`` (``NAME@N``) dies with SIGKILL at the N-th pass through NAME."""
        self._counter += 1
        name = f"{kind}-{self._counter}"
        env = process_env(self.settings, **self.extra_env)
        args = [sys.executable, "-m", "daemon.cli", kind]
        if kind == "dispatch":
            env["MEMORYD_STREAM__CONSUMER"] = name
        if failpoint is not None:
            args.append(f"--failpoints={failpoint}")
            self.armed[name] = failpoint.partition("@")[0]
        log = (self.log_dir / f"{name}.log").open("ab")
        self.processes[name] = subprocess.Popen(args, env=env, stdout=log, stderr=log)
        log.close()
        return name

    def kill(self, name: str) -> None:
        """SIGKILL: no clean-up of any kind, as a crash would be."""
        process = self.processes.pop(name)
        self.armed.pop(name, None)
        process.send_signal(signal.SIGKILL)
        process.wait()

    def fired(self) -> list[tuple[str, str]]:
        """The armed processes that died at their failpoint, as (process, failpoint); they
        are forgotten, as killed ones are."""
        out: list[tuple[str, str]] = []
        for name, point in list(self.armed.items()):
            process = self.processes.get(name)
            if process is not None and process.poll() == -signal.SIGKILL:
                out.append((name, point))
                del self.processes[name], self.armed[name]
        return out

    def stop_one(self, name: str, timeout_s: float = 30) -> None:
        """SIGTERM one process and wait (SIGKILL if it does not stop in time)."""
        process = self.processes.pop(name)
        self.armed.pop(name, None)
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def names(self, kind: str) -> list[str]:
        return [name for name in self.processes if name.startswith(kind)]

    def rss_mb(self) -> dict[str, float]:
        """Resident memory of each live process."""
        sizes: dict[str, float] = {}
        for name, process in self.processes.items():
            try:
                status = Path(f"/proc/{process.pid}/status").read_text()
            except OSError:
                continue
            for line in status.splitlines():
                if line.startswith("VmRSS:"):
                    sizes[name] = round(int(line.split()[1]) / 1024, 1)
        return sizes

    def stop(self, timeout_s: float = 30) -> None:
        """SIGTERM everything and wait (SIGKILL what does not stop in time)."""
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()
        self.armed.clear()

    def exited(self) -> dict[str, int]:
        """Processes that stopped on their own, with their exit codes."""
        return {n: p.returncode for n, p in self.processes.items() if p.poll() is not None}
