"""The API's one error body and the OpenAPI descriptions of the statuses a route answers."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from daemon.access.refusals import ApiError
from daemon.api.error_bodies import ErrorBody, described


def test_the_body_of_a_refusal_is_the_documented_shape() -> None:
    body = ApiError(403, "role_too_weak", "a reader key may not publish").body()
    parsed = ErrorBody.model_validate(body)
    assert (parsed.error.code, parsed.error.message) == (
        "role_too_weak",
        "a reader key may not publish",
    )
    assert parsed.model_dump(exclude_none=True) == body  # no memory named: no `memory`
    about = ApiError(409, "duplicate", "memory m_7Qx already says this", memory="m_7Qx").body()
    assert about["error"]["memory"] == "m_7Qx"
    assert ErrorBody.model_validate(about).model_dump(exclude_none=True) == about
    with pytest.raises(ValidationError):
        ErrorBody.model_validate({"error": {"code": "x"}})  # a message is required


def test_each_status_asked_for_is_described_with_the_error_body() -> None:
    responses = described(401, 429, 504)
    assert list(responses) == [401, 429, 504]
    assert all(entry["model"] is ErrorBody for entry in responses.values())
    assert "Retry-After" in responses[429]["description"]
    assert "unknown or revoked" in responses[401]["description"]
    assert described() == {}
    with pytest.raises(KeyError):
        described(418)  # a status without a description is a mistake in the route
