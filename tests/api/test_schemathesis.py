"""Property tests of the served OpenAPI document (Schemathesis), bounded to stay fast: no
answer is a 5xx, every answer conforms to the document, and no /v1 operation answers
anything but 401 without a valid key."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
    unsupported_method,
)

from tests.api.conftest import Served, serving

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    # Every case also presents a forged key: the per-address bound on unknown keys (held by
    # test_key_failures) would answer the later ones 429 before their 401.
    yield from serving(
        stack, MEMORYD_API__RATE_LIMIT="1000000", MEMORYD_API__KEY_FAILURES_PER_CLIENT="1000000"
    )


@pytest.fixture(scope="module")
def api_key(served: Served) -> str:
    return served.key("admin", projects=("billing",))


@schemathesis.serializer("application/x-ndjson")
def _json_lines(ctx: Any, value: Any) -> bytes:
    """The body of a JSON-lines request as Schemathesis made it (text: sent as it is)."""
    return value if isinstance(value, bytes) else str(value).encode("utf-8", "surrogatepass")


# The shipped document, which test_serve holds equal to the one served at /openapi.json.
DOCUMENT = json.loads(resources.files("daemon.api").joinpath("openapi.json").read_text())
schema = schemathesis.openapi.from_dict(DOCUMENT)


def _lenient_query(case: Any) -> bool:
    """Whether the query holds what memoryd reads leniently, as every route does: a
    parameter it does not declare (ignored), or a scalar one repeated (the last is read)."""
    declared = {p.name: json.dumps(p.definition.get("schema", {})) for p in case.operation.query}
    for name, value in (case.query or {}).items():
        if name not in declared:
            return True
        if isinstance(value, list) and '"array"' not in declared[name]:
            return True
    return False


@schema.parametrize()
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_served_document_holds(case: Any, served: Served, api_key: str) -> None:
    headers = {"Authorization": f"Bearer {api_key}"}
    response = case.call(base_url=served.base_url, headers=headers)
    # /statusz answers 503 by design while `memoryd status` says down (no worker runs here).
    ready = case.path == "/statusz"
    assert response.status_code < 500 or (ready and response.status_code == 503), response.text
    excluded = [not_a_server_error] if ready else []
    if case.path == "/v1/events":
        # Rules no JSON Schema can say (message ids unique within an event, the key's scope)
        # refuse some schema-valid events: 422 or 403 naming why, as documented.
        excluded.append(positive_data_acceptance)
    writes = ("/v1/memories", "/v1/memory-batches", "/v1/sessions/{session_id}/scratch")
    if case.path.startswith(writes) and case.method.upper() != "GET":
        # Likewise for the memory writes: the write guards (secrets, junk, duplicates...)
        # and a session_id named without its turn are 422s naming why; a scratch write past
        # its caps is a 413.
        excluded.append(positive_data_acceptance)
    if case.path.startswith("/v1/sessions/"):
        # A session id may hold slashes: another method on a scratch path is read as
        # `GET /v1/sessions/{session_id}` of a longer id, and answered as that route does.
        excluded.append(unsupported_method)
    if _lenient_query(case):
        excluded.append(negative_data_rejection)
    params = case.query or {}
    if {"cursor", "as_of"} & set(params) or any(k.endswith(("_after", "_before")) for k in params):
        # A cursor is valid only as answered, a schema-valid year 0000 is no time, and a
        # list as of a time takes no filter.
        excluded.append(positive_data_acceptance)
    bounds = ("created_after", "created_before", "updated_after", "updated_before")
    query = case.query or {}
    if "as_of" in query and any(q in query for q in (*bounds, "source_session")):
        # A search of the past takes no time or session filter: a 400 naming why.
        excluded.append(positive_data_acceptance)
    case.validate_response(response, headers=headers, excluded_checks=excluded)
    # (An undeclared method is answered 405 by the router, before any key is read.)
    if case.path.startswith("/v1/") and case.method.upper() == case.operation.method.upper():
        case.headers = {
            k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"
        }
        for bad in (None, {"Authorization": "Bearer mdk_000000000000_" + "A" * 43}):
            anonymous = case.call(base_url=served.base_url, headers=bad)
            assert anonymous.status_code == 401, (case.path, anonymous.text[:300])
            assert anonymous.json()["error"]["code"] in {"missing_key", "invalid_key"}
