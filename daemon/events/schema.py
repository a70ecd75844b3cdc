"""The JSON Schema of turn events, generated from the models and shipped as a file."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from daemon.events.models import TurnEvent

SCHEMA_FILE = "turn-event.v1.schema.json"


def generate_schema() -> dict[str, Any]:
    schema = TurnEvent.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://memoryd.dev/schemas/turn-event.v1.json"
    return schema


def shipped_schema_text() -> str:
    """The schema file shipped in the package (kept equal to the models by a test)."""
    return resources.files("daemon.events").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def render_schema() -> str:
    return json.dumps(generate_schema(), indent=2, sort_keys=True) + "\n"
