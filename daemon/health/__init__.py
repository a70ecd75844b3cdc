"""Queue health: what ``memoryd status`` gathers, judges and shows (and the metrics reuse)."""

from daemon.health.gather import gather_status
from daemon.health.report import Finding, Level, Status

__all__ = ["Finding", "Level", "Status", "gather_status"]
