"""A refused request: its status, code, message and headers, and the one JSON body shape."""

from __future__ import annotations

from daemon.access.refusals import ApiError


def test_a_refusal_carries_its_status_code_message_and_headers() -> None:
    refused = ApiError(429, "rate_limited", "slow down", headers={"Retry-After": "35"})
    assert (refused.status, refused.code, refused.message) == (429, "rate_limited", "slow down")
    assert refused.headers == {"Retry-After": "35"}
    assert str(refused) == "slow down"


def test_the_body_is_the_api_s_one_error_shape_and_headers_default_to_none() -> None:
    refused = ApiError(404, "not_found", "no memory 7 in this key's scope")
    assert refused.body() == {
        "error": {"code": "not_found", "message": "no memory 7 in this key's scope"}
    }
    assert refused.headers == {}
    assert ApiError(400, "a", "b").headers is not ApiError(400, "a", "b").headers


def test_a_refusal_about_a_memory_carries_its_id_as_data() -> None:
    refused = ApiError(422, "duplicate", "memory m_abc holds it", memory="m_abc")
    assert refused.body() == {
        "error": {"code": "duplicate", "message": "memory m_abc holds it", "memory": "m_abc"}
    }
