"""Handing freed heap memory back to the operating system.

CPython allocates every object over 512 bytes (transcripts, prompts, response bodies, driver
buffers) with the C library's ``malloc``. glibc keeps freed chunks for reuse; in a process
that runs for weeks on requests of every size they scatter across the heap, and resident
memory creeps up while the memory in use stays flat (``bench soak`` saw a worker's free heap
grow from 3 to 9 MB in two minutes with 26 MB in use throughout). ``malloc_trim(0)`` gives
every free page back. Workers call it at each health check, dispatchers at each claim pass;
where the C library has no ``malloc_trim`` (musl, macOS) it does nothing.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library this process already runs on
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Give the heap's free pages back to the OS; True when some were."""
    trim = _malloc_trim()
    return trim is not None and bool(trim(0))
