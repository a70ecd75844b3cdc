"""`FakeModel`, the fake server without HTTP: which reply a request gets (a fault, a
style's refusal, the script, then the policy), what it recorded, and ``reset``."""

from __future__ import annotations

import threading
from typing import Any

from daemon.testing.fakellm.model import FakeModel
from daemon.testing.fakellm.protocol import memory_done
from daemon.testing.fakellm.replies import Error, Text, error, text, tool_calls

BODY: dict[str, Any] = {"model": "fake-model", "messages": [{"role": "user", "content": "hi"}]}


def answer(model: FakeModel, body: dict[str, Any] = BODY) -> Any:
    """What the server does with one request, minus HTTP."""
    model._record(body)
    reply = model._choose(body)
    model._count(reply)
    return reply


def test_the_script_goes_first_in_order_then_the_policy() -> None:
    model = FakeModel(lambda body: text("policy"))
    model.script([text("one"), error(429, "slow")])
    assert [answer(model) for _ in range(3)] == [text("one"), error(429, "slow"), text("policy")]
    assert (model.pending, model.calls) == (0, 3)
    assert model.served == {"text": 2, "error": 1}


def test_the_default_policy_is_done() -> None:
    assert answer(FakeModel()) == tool_calls([memory_done()])


def test_a_fault_goes_before_the_script_and_leaves_it() -> None:
    model = FakeModel()
    model.script([text("kept")])
    model.fail_rate(1.0, kinds=("503",), retry_after_s=2)
    assert answer(model) == Error(503, "fakellm injected fault 503", 2)
    model.fail_rate(0)
    assert answer(model) == text("kept")


def test_a_style_refuses_before_the_script_is_consumed() -> None:
    model = FakeModel()
    model.script([text("kept")])
    refused = answer(model, {**BODY, "model": "fake-model@nonsense"})
    assert isinstance(refused, Error) and refused.status == 404
    assert model.pending == 1


def test_a_policy_that_raises_answers_500_and_is_kept() -> None:
    def broken(body: dict[str, Any]) -> Any:
        raise RuntimeError("no idea")

    model = FakeModel(broken)
    reply = answer(model)
    assert reply == Error(500, "fakellm policy raised RuntimeError: no idea")
    assert [str(e) for e in model.policy_errors] == ["no idea"]


def test_what_it_received_is_a_copy() -> None:
    model = FakeModel()
    answer(model)
    model.requests.clear()
    assert model.requests == [BODY]


def test_reset_puts_back_the_constructed_state() -> None:
    policy = lambda body: text("mine")  # noqa: E731
    model = FakeModel(policy, latency_s=0.5, style="fenced_json")
    model.script([text("left")])
    model.fail_rate(0.5)
    model.latency_s, model.style, model.policy = 9, "plain", lambda body: text("other")
    answer(model)
    model.reset()
    assert (model.latency_s, model.style, model.policy) == (0.5, "fenced_json", policy)
    assert (model.pending, model.calls, model.served, model.policy_errors) == (0, 0, {}, [])
    assert answer(model) == Text("mine")  # no fault left: the rate went with the reset


def test_usage_remembers_prompts_per_model() -> None:
    model = FakeModel()
    long_body = {**BODY, "messages": [{"role": "system", "content": "rules. " * 2000}]}
    first = model._complete(text("a"), long_body)
    again = model._complete(text("a"), long_body)
    assert first["usage"]["prompt_tokens_details"]["cached_tokens"] == 0
    assert again["usage"]["prompt_tokens_details"]["cached_tokens"] >= 1024
    assert again["model"] == "fake-model"


def test_scripting_and_answering_from_many_threads_loses_nothing() -> None:
    model = FakeModel(lambda body: text("policy"))
    replies: list[Any] = []
    lock = threading.Lock()

    def work() -> None:
        model.script([text("s")] * 50)
        mine = [answer(model) for _ in range(50)]
        with lock:
            replies.extend(mine)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert model.calls == 400 and len(replies) == 400
    assert model.served["text"] == 400 and model.pending == 0
    # Each thread scripts before it answers, so the script is never empty at an answer.
    assert replies == [text("s")] * 400
