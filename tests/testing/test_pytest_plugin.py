"""The pytest plugin hosts enable: ``fake_llm``, one server per session, reset per test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openai

from daemon.testing import FakeLLM, memory_done, text, tool_calls
from tests.testing.fakellm.conftest import HELLO


def test_sync_client_and_plugin_fixture(fake_llm: FakeLLM) -> None:
    fake_llm.script([tool_calls([memory_done()])])
    with openai.OpenAI(base_url=fake_llm.base_url, api_key="test", max_retries=0) as client:
        reply = client.chat.completions.create(model="fake-model", messages=HELLO)
    assert reply.choices[0].message.tool_calls
    assert fake_llm.calls == 1 and fake_llm.pending == 0


def test_each_test_gets_the_server_back_in_its_constructed_state(fake_llm: FakeLLM) -> None:
    fake_llm.script([text("left over")])
    fake_llm.latency_s = 3
    fake_llm.fail_rate(1.0)
    reset = fake_llm  # what the next test would be given
    reset.reset()
    assert (reset.pending, reset.latency_s, reset.calls) == (0, 0.0, 0)
    with openai.OpenAI(base_url=reset.base_url, api_key="test", max_retries=0) as client:
        reply = client.chat.completions.create(model="fake-model", messages=HELLO)
    assert reply.choices[0].message.tool_calls  # no fault left, the default policy answers


HOST_CONFTEST = 'pytest_plugins = ["daemon.testing.pytest_plugin"]\n'
HOST_TEST = """
import openai

from daemon.testing import text


def test_one(fake_llm):
    fake_llm.script([text("hello host")])
    client = openai.OpenAI(base_url=fake_llm.base_url, api_key="test", max_retries=0)
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    assert reply.choices[0].message.content == "hello host"


def test_two_starts_clean(fake_llm):
    assert fake_llm.calls == 0 and fake_llm.pending == 0
"""


def test_a_host_suite_enables_the_plugin_with_one_line(tmp_path: Path) -> None:
    """A host's own suite, outside memoryd's tree and configuration."""
    (tmp_path / "conftest.py").write_text(HOST_CONFTEST)
    (tmp_path / "test_host.py").write_text(HOST_TEST)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # the host's own rootdir
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "2 passed" in result.stdout
