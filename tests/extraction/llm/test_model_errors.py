"""How an LLM run fails: which errors are retried, which blame the session, what they carry."""

from __future__ import annotations

from daemon.base.errors import PermanentExtractionError, TransientExtractionError
from daemon.extraction.base import Usage
from daemon.extraction.llm.model_errors import (
    ForkUnanswered,
    ModelRefused,
    ModelUnavailable,
    ProviderUnavailable,
    RunIncomplete,
)


def test_what_may_pass_is_transient_and_what_will_not_is_permanent() -> None:
    assert issubclass(ModelUnavailable, TransientExtractionError)
    assert issubclass(ProviderUnavailable, TransientExtractionError)
    assert issubclass(ModelRefused, PermanentExtractionError)
    assert issubclass(ForkUnanswered, RunIncomplete)
    assert issubclass(RunIncomplete, PermanentExtractionError)


def test_an_open_provider_breaker_does_not_blame_the_session() -> None:
    assert not ProviderUnavailable("open", retry_after_s=5).blames_session
    assert ModelUnavailable("503").blames_session
    assert ModelUnavailable("429", blames_session=False).blames_session is False
    assert ProviderUnavailable("open", retry_after_s=5).retry_after_s == 5


def test_a_refusal_keeps_its_status_and_the_usage_spent_before_it() -> None:
    spent = Usage(model_calls=2, prompt_tokens=40)
    refused = ModelRefused("bad request", status=400, usage=spent)
    assert (refused.status, refused.usage, str(refused)) == (400, spent, "bad request")
    assert ModelRefused().status is None and ModelRefused().usage is None


def test_the_docstring_is_the_default_message() -> None:
    assert str(RunIncomplete()).startswith("The model did not finish the run")
    assert str(ForkUnanswered(usage=Usage(model_calls=2))).startswith("The fork got no usable")
