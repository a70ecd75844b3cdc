"""The JSON Schema of turn events: generated from the models, shipped equal to them."""

from __future__ import annotations

import json

from daemon.events.models import TurnEvent
from daemon.events.schema import generate_schema, render_schema, shipped_schema_text


def test_the_shipped_file_is_the_schema_the_models_make() -> None:
    """After changing a model: ``memoryd schema > daemon/events/turn-event.v1.schema.json``."""
    assert shipped_schema_text() == render_schema()


def test_the_schema_names_itself_and_its_draft() -> None:
    schema = generate_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "https://memoryd.dev/schemas/turn-event.v1.json"
    assert set(schema["required"]) >= {"v", "event_id", "session_id", "turn", "at", "scope"}
    assert schema["properties"] == TurnEvent.model_json_schema()["properties"]


def test_the_rendering_is_stable_text() -> None:
    text = render_schema()
    assert text.endswith("}\n") and json.loads(text) == generate_schema()
    assert render_schema() == text
