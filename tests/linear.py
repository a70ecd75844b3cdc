"""How the work of a scanner grows with its input, in CPU time (not the wall clock): the
linear-time checks of the scanners and redactors share it."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

#: The bound on the work for 8 times the input: linear reads 8, quadratic 64.
MAX_RATIO = 16


def cpu(scan: Callable[[str], object], text: str, runs: int) -> float:
    """The least CPU time of ``runs`` scans of ``text`` (no garbage collection meanwhile)."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(runs):
            start = time.process_time()
            scan(text)
            best = min(best, time.process_time() - start)
    finally:
        gc.enable()
    return best


def ratio(scan: Callable[[str], object], small: str, large: str) -> float:
    """The work on ``large`` over that on ``small``: both are measured again, the least of
    three runs each, only when the first measure looks too slow (a busy machine, not the
    scanner: a CI run once read 16.1x where a quiet one reads 8 to 11x)."""
    base = max(cpu(scan, small, 3), 1e-4)
    found = cpu(scan, large, 1) / base
    if found < MAX_RATIO:
        return found
    return cpu(scan, large, 3) / max(cpu(scan, small, 3), 1e-4)
