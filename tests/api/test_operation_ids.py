"""The OpenAPI document as client generators read it: every operation named as a client calls
it (``publishEvents``, not ``postEventsV1EventsPost``), and the defaults of what a client
sends described, not declared, so ``openapi-typescript`` types those fields as optional."""

from __future__ import annotations

import re
from typing import Any

import pytest

from daemon.api.application import create_app, openapi_document
from daemon.api.input_defaults import describe_input_defaults
from daemon.api.operation_ids import camel
from daemon.base.settings import Settings


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return openapi_document(create_app(Settings(database_url="sqlite:///unused.db")))


def _operations(document: dict[str, Any]) -> dict[tuple[str, str], str]:
    return {
        (method.upper(), path): operation["operationId"]
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
    }


def test_every_operation_has_a_unique_camel_case_name(document: dict[str, Any]) -> None:
    names = list(_operations(document).values())
    assert len(names) == len(set(names))
    for name in names:
        assert re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)*", name), name
        assert "V1" not in name and not re.search(r"(Get|Post|Put|Patch|Delete)$", name), name


def test_the_main_operations_have_the_names_the_docs_use(document: dict[str, Any]) -> None:
    named = _operations(document)
    assert named["POST", "/v1/events"] == "publishEvents"
    assert named["GET", "/v1/recall/search"] == "searchMemories"
    assert named["GET", "/v1/recall/injection"] == "getInjectionBlock"
    assert named["POST", "/v1/memories"] == "saveMemory"
    assert named["GET", "/v1/memories"] == "listMemories"


def test_a_function_name_becomes_camel_case() -> None:
    assert camel("list_memories") == "listMemories"
    assert camel("healthz") == "healthz"


def test_what_a_client_sends_describes_its_defaults(document: dict[str, Any]) -> None:
    event = document["components"]["schemas"]["TurnEvent"]
    kind = event["properties"]["kind"]
    assert "default" not in kind and 'Default: `"turn"`.' in kind["description"]
    assert "kind" not in event.get("required", [])
    assert {"v", "event_id", "session_id", "turn", "at", "scope"} <= set(event["required"])
    for prop in event["properties"].values():
        assert "default" not in prop


def test_answers_keep_their_defaults() -> None:
    document: dict[str, Any] = {
        "paths": {
            "/a": {
                "post": {
                    "requestBody": {"$ref": "#/components/schemas/In"},
                    "responses": {"200": {"$ref": "#/components/schemas/Out"}},
                }
            }
        },
        "components": {
            "schemas": {
                "In": {
                    "properties": {
                        "n": {"default": 1},
                        "both": {"$ref": "#/components/schemas/Both"},
                    }
                },
                "Out": {
                    "properties": {
                        "n": {"default": 2},
                        "both": {"$ref": "#/components/schemas/Both"},
                    }
                },
                "Both": {"properties": {"m": {"default": None}}},
            }
        },
    }
    describe_input_defaults(document)
    schemas = document["components"]["schemas"]
    assert schemas["In"]["properties"]["n"] == {"description": "Default: `1`."}
    assert schemas["Out"]["properties"]["n"] == {"default": 2}
    assert schemas["Both"]["properties"]["m"] == {"default": None}
