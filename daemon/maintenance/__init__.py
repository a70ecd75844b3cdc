"""Scheduled maintenance: the store kept small and true (docs/maintenance.md).

- :mod:`~daemon.maintenance.consolidate`: expiry, compaction-summary trim, working-memory
  GC, duplicate merge, per-scope cap, tombstone purge (their queries and writes:
  :mod:`daemon.store.memory`);
- :mod:`~daemon.maintenance.truncation_cleanup`: old spilled tool outputs deleted;
- :mod:`~daemon.maintenance.retention`: old transcripts and run records (acknowledged
  stream entries: :mod:`daemon.events.stream`);
- :mod:`~daemon.maintenance.scheduled` and :mod:`~daemon.maintenance.schedule`: each job run
  once per period across workers, logged and recorded.
"""

from daemon.maintenance.consolidate import ConsolidationPolicy, consolidate
from daemon.maintenance.retention import RetentionPolicy, prune_store
from daemon.maintenance.scheduled import JOB_NAMES, JobResult, run_job, run_scheduled
from daemon.maintenance.truncation_cleanup import CleanupReport, cleanup_truncations

__all__ = [
    "JOB_NAMES",
    "CleanupReport",
    "ConsolidationPolicy",
    "JobResult",
    "RetentionPolicy",
    "cleanup_truncations",
    "consolidate",
    "prune_store",
    "run_job",
    "run_scheduled",
]
