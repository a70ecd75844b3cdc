"""A pytest plugin for hosts' tests: the fake model server as fixtures.

Enable it in the host's root ``conftest.py`` (it is not loaded unless asked for, so
installing memoryd adds no fixture to anyone's test session)::

    pytest_plugins = ["daemon.testing.pytest_plugin"]

It needs pytest, which memoryd does not install by itself: ``pip install
'memoryd[testing]'``. Then any test can take ``fake_llm``::

    def test_my_agent_saves_the_preference(fake_llm):
        fake_llm.script([text("noted")])
        run_my_agent(base_url=fake_llm.base_url)
        assert fake_llm.requests[0]["messages"][-1]["content"] == "I use tabs"

``fake_llm`` is one server for the whole test session, put back in its constructed state
(no script, no faults, no latency, nothing received) before each test: cheap, no new
thread or port. A test that leaves a stalled reply in flight (``timeout(...)`` or a
fault) should start its own ``FakeLLM`` instead, so that the stalled request cannot
answer into the next test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .fakellm import FakeLLM


@pytest.fixture(scope="session")
def fake_llm_server() -> Iterator[FakeLLM]:
    """The session's fake model server, as the last test left it (prefer ``fake_llm``)."""
    with FakeLLM() as fake:
        yield fake


@pytest.fixture
def fake_llm(fake_llm_server: FakeLLM) -> FakeLLM:
    """The session's fake model server, back in its constructed state."""
    fake_llm_server.reset()
    return fake_llm_server
