"""pytest fixtures: one `FakeLLM` per test session, reset before each test.

Register it once, in the root ``conftest.py`` or a test module::

    pytest_plugins = ("daemon.testing.fakellm.pytest_plugin",)

``fake_llm`` is cheap (a reset, no new thread or port). A test that leaves a stalled
reply in flight (``timeout(...)`` or a fault) should start its own ``FakeLLM`` instead, so
the stalled request cannot answer into the next test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .server import FakeLLM


@pytest.fixture(scope="session")
def fake_llm_server() -> Iterator[FakeLLM]:
    """The session's fake model server (not reset: prefer ``fake_llm``)."""
    with FakeLLM() as fake:
        yield fake


@pytest.fixture
def fake_llm(fake_llm_server: FakeLLM) -> FakeLLM:
    """The session's fake model server, back in its constructed state."""
    fake_llm_server.reset()
    return fake_llm_server
