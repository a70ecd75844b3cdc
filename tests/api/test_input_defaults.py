"""The defaults of what a client sends are described, not declared, in the OpenAPI document,
so ``openapi-typescript`` types those fields as optional; answers keep theirs."""

from __future__ import annotations

from typing import Any

import pytest

from daemon.api.application import create_app, openapi_document
from daemon.api.input_defaults import describe_input_defaults
from daemon.base.settings import Settings


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return openapi_document(create_app(Settings(database_url="sqlite:///unused.db")))


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
