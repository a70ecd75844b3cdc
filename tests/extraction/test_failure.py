"""The runner's failure table: each kind of failure lands in its row."""

from __future__ import annotations

import pytest

from daemon.base.errors import PermanentExtractionError, TransientExtractionError
from daemon.extraction.base import Usage
from daemon.extraction.failure import TABLE, Failure, classify, handling, retry_after
from daemon.extraction.llm.model_errors import (
    ForkUnanswered,
    ModelRefused,
    ModelUnavailable,
    ProviderUnavailable,
    RunIncomplete,
)

SPENT = Usage(model_calls=1)


@pytest.mark.parametrize(
    ("error", "failure"),
    [
        (ProviderUnavailable(retry_after_s=3), Failure.NOTHING_SPENT),
        (ModelUnavailable("429", usage=SPENT, blames_session=False), Failure.NOT_BLAMED),
        (ModelUnavailable("429", blames_session=False), Failure.NOTHING_SPENT),
        (ModelUnavailable("502", usage=SPENT), Failure.TRANSIENT),
        (ModelUnavailable("timed out"), Failure.TRANSIENT),
        (TransientExtractionError("a host's own extractor"), Failure.TRANSIENT),
        (ModelRefused("401", status=401), Failure.PERMANENT),
        (RunIncomplete("no memory_done", usage=SPENT), Failure.PERMANENT),
        (ForkUnanswered("no usable answer"), Failure.PERMANENT),
        (PermanentExtractionError("bad request"), Failure.PERMANENT),
        (KeyError("tool_calls"), Failure.BUG),
        (TypeError("'NoneType' object is not subscriptable"), Failure.BUG),
        (AssertionError(), Failure.BUG),
    ],
)
def test_each_failure_falls_in_its_row(error: Exception, failure: Failure) -> None:
    assert classify(error) is failure


def test_only_the_models_failures_count_against_the_session() -> None:
    counted = {failure for failure, how in TABLE.items() if how.count}
    assert counted == {Failure.TRANSIENT, Failure.PERMANENT}
    assert handling(KeyError("x")).traceback and not handling(KeyError("x")).retry
    assert not handling(ProviderUnavailable()).record


def test_the_delay_asked_for_is_the_providers() -> None:
    assert retry_after(ModelUnavailable("429", retry_after_s=7)) == 7
    assert retry_after(RunIncomplete("x")) is None
    assert retry_after(KeyError("x")) is None
