"""Free heap pages go back to the OS where the C library can do it (glibc)."""

from __future__ import annotations

import platform

import pytest

from daemon.base.free_memory import _malloc_trim, release_free_memory

GLIBC = platform.libc_ver()[0] == "glibc"


@pytest.mark.skipif(not GLIBC, reason="malloc_trim is glibc's")
def test_glibc_gives_freed_chunks_back() -> None:
    assert _malloc_trim() is not None
    # Scattered chunks over pymalloc's 512-byte limit, every other one freed: the holes
    # cannot be handed back by shrinking the heap, only by malloc_trim.
    chunks = [bytearray(4096) for _ in range(20_000)]
    del chunks[::2]
    assert release_free_memory() is True
    del chunks
