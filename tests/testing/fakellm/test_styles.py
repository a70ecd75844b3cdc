"""Answer styles: the same answer shaped the way other models shape it."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest

from daemon.testing.fakellm import (
    FakeLLM,
    memory_done,
    memory_write,
    text,
    tool_calls,
)
from tests.testing.fakellm.conftest import HELLO, ask

ANSWER = {"operations": [{"action": "create", "type": "user", "title": "T", "content": "C."}]}
SCHEMA_FORMAT = {
    "type": "json_schema",
    "json_schema": {
        "name": "ops",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {
                "operations": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"action": {"type": "string"}, "id": {"type": "null"}},
                        "required": ["action", "id"],
                    },
                }
            },
            "required": ["operations"],
        },
    },
}


async def styled(client: Any, style: str, **kwargs: Any) -> Any:
    return await client.chat.completions.create(
        model=f"fake-model@{style}", messages=HELLO, **kwargs
    )


@pytest.mark.parametrize(
    ("style", "shaped"),
    [
        ("plain", lambda c: json.loads(c) == ANSWER),
        ("fenced_json", lambda c: c.startswith("```json\n") and json.loads(c[8:-4]) == ANSWER),
        ("prose_then_json", lambda c: not c.startswith("{") and json.dumps(ANSWER) in c),
        (
            "other_keys",
            lambda c: json.loads(c) == {"memories": [{"kind": "user", "title": "T", "text": "C."}]},
        ),
        ("string_args", lambda c: json.loads(json.loads(c)["operations"]) == ANSWER["operations"]),
        ("schema", lambda c: "memories" in json.loads(c)),  # no schema asked: its own keys
    ],
)
async def test_a_model_style_shapes_the_json_answer(
    fake: FakeLLM, client: Any, style: str, shaped: Any
) -> None:
    """The style is chosen by the model name's ``@style``; a text that is not JSON stays."""
    fake.script([text(json.dumps(ANSWER)), text("not json")])
    first = await styled(client, style)
    assert shaped(first.choices[0].message.content)
    second = await styled(client, style)
    assert second.choices[0].message.content == "not json"


async def test_the_schema_style_keeps_strictly_to_a_json_schema(fake: FakeLLM, client: Any) -> None:
    fake.script([text(json.dumps(ANSWER))])
    reply = await styled(client, "schema", response_format=SCHEMA_FORMAT)
    assert json.loads(reply.choices[0].message.content) == {
        "operations": [{"action": "create", "id": None}]
    }


async def test_tool_call_styles_encode_twice_or_write_text(fake: FakeLLM, client: Any) -> None:
    args = {"type": "user", "title": "T", "content": "C."}
    fake.style = "string_args"  # the server-wide style, for models naming none
    fake.script([tool_calls([memory_write("user", "T", "C."), memory_done()])] * 2)
    reply = await ask(client)
    wrapped = reply.choices[0].message.tool_calls[0].function.arguments
    assert json.loads(json.loads(wrapped)) == args
    reply = await styled(client, "text_instead_of_tools")
    assert reply.choices[0].message.tool_calls is None
    assert json.loads(reply.choices[0].message.content) == {
        "tool_calls": [
            {"name": "memory_write", "arguments": args},
            {"name": "memory_done", "arguments": {}},
        ]
    }
    fake.reset()
    assert fake.style == "plain"


async def test_endpoint_styles_refuse_response_format_without_consuming_the_script(
    fake: FakeLLM, client: Any
) -> None:
    fake.script([text("{}")])
    with pytest.raises(openai.BadRequestError, match="response_format"):
        await styled(client, "no_response_format", response_format={"type": "json_object"})
    with pytest.raises(openai.BadRequestError, match="json_schema"):
        await styled(client, "json_object_only", response_format=SCHEMA_FORMAT)
    reply = await styled(client, "json_object_only", response_format={"type": "json_object"})
    assert reply.choices[0].message.content == "{}"
    with pytest.raises(openai.NotFoundError):
        await styled(client, "no_such_style")
    with pytest.raises(ValueError, match="unknown model style"):
        FakeLLM(style="no_such_style")
