"""The OpenAPI document as client generators read it: every operation named as a client calls
it (``publishEvents``, not ``postEventsV1EventsPost``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from daemon.api.application import create_app, openapi_document
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
