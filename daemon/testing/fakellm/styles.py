"""Model styles: the shapes other models answer in, played over any script or policy.

The policy decides *what* the model says; a style decides how it is shaped, the way real
models and endpoints differ. A style is chosen for the whole server (``FakeLLM(style=...)``,
``fake.style = ...``) or per request by the model name (``"fake-model@fenced_json"``), so
one server plays several models at once (a benchmark runs one per style).

- ``plain``: as the policy answers (the default);
- ``fenced_json``: a JSON answer inside a ```json fence;
- ``prose_then_json``: a sentence, the JSON, another sentence;
- ``other_keys``: ``{"memories": [{"kind": ..., "title": ..., "text": ...}]}`` instead of
  ``{"operations": [...]}``;
- ``string_args``: tool-call arguments JSON-encoded twice, and a JSON answer's list wrapped
  in a string (``{"operations": "[...]"}``);
- ``text_instead_of_tools``: tool calls come back as JSON text
  (``{"tool_calls": [{"name": ..., "arguments": {...}}]}``);
- ``schema``: honours a ``json_schema`` ``response_format`` strictly (the answer is cut to
  the schema, missing required keys are null); without one it answers ``other_keys``;
- ``no_response_format``: any ``response_format`` is refused with a 400;
- ``json_object_only``: a ``json_schema`` ``response_format`` is refused with a 400, a
  ``json_object`` one is accepted.
"""

from __future__ import annotations

import json
from typing import Any

from .replies import Error, JSONBody, Reply, Text, ToolCall, ToolCalls

STYLES = (
    "plain",
    "fenced_json",
    "prose_then_json",
    "other_keys",
    "string_args",
    "text_instead_of_tools",
    "schema",
    "no_response_format",
    "json_object_only",
)


def style_of(body: JSONBody, default: str) -> str:
    """The style of a request: the model name's ``@style`` suffix, else ``default``."""
    model = str(body.get("model") or "")
    return model.rsplit("@", 1)[1] if "@" in model else default


def check_style(style: str) -> str:
    if style not in STYLES:
        raise ValueError(f"unknown model style {style!r}: use one of {', '.join(STYLES)}")
    return style


def refusal(style: str, body: JSONBody) -> Error | None:
    """The 400 an endpoint of this style gives the request, if any."""
    if style not in STYLES:
        return Error(404, f"The model {body.get('model')!r} does not exist", code="model_not_found")
    kind = _format_type(body)
    if style == "no_response_format" and kind:
        return Error(400, "Invalid parameter: 'response_format' is not supported with this model.")
    if style == "json_object_only" and kind == "json_schema":
        return Error(
            400,
            "Invalid parameter: 'response_format' of type 'json_schema' is not supported "
            "with this model.",
        )
    return None


def restyle(style: str, reply: Reply, body: JSONBody) -> Reply:
    """``reply`` as a model of ``style`` would shape it."""
    if isinstance(reply, ToolCalls):
        return _calls(style, reply)
    if not isinstance(reply, Text):
        return reply
    try:
        value = json.loads(reply.content)
    except ValueError:
        return reply
    if style == "fenced_json":
        return Text(f"```json\n{json.dumps(value, indent=2)}\n```")
    if style == "prose_then_json":
        return Text(
            "Here is what is worth keeping from this conversation:\n\n"
            f"{json.dumps(value)}\n\nTell me if you want any of these changed."
        )
    if style == "other_keys" or (style == "schema" and _format_type(body) != "json_schema"):
        return Text(json.dumps(_other_keys(value)))
    if style == "string_args" and isinstance(value, dict) and "operations" in value:
        return Text(json.dumps({**value, "operations": json.dumps(value["operations"])}))
    if style == "schema":
        schema = ((body.get("response_format") or {}).get("json_schema") or {}).get("schema")
        return Text(json.dumps(conform(value, schema or {})))
    return reply


def conform(value: Any, schema: JSONBody) -> Any:
    """``value`` cut to ``schema`` the way strict structured outputs are: only the declared
    properties, every required one present (null when the answer had none)."""
    kind = schema.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind}
    if "object" in kinds and isinstance(value, dict):
        properties = schema.get("properties") or {}
        out = {k: conform(v, properties[k]) for k, v in value.items() if k in properties}
        for key in schema.get("required") or ():
            out.setdefault(key, None)
        return out
    if "array" in kinds and isinstance(value, list):
        return [conform(item, schema.get("items") or {}) for item in value]
    return value


def _format_type(body: JSONBody) -> str | None:
    response_format = body.get("response_format")
    if isinstance(response_format, dict):
        return str(response_format.get("type") or "") or None
    return None


def _other_keys(value: Any) -> Any:
    if not isinstance(value, dict) or not isinstance(value.get("operations"), list):
        return value
    memories: list[JSONBody] = []
    for op in value["operations"]:
        if not isinstance(op, dict):
            continue
        if op.get("action") == "delete":
            memories.append({"op": "delete", "memory_id": op.get("id"), "why": op.get("reason")})
            continue
        other = {"kind": op.get("type"), "title": op.get("title"), "text": op.get("content")}
        if op.get("id") is not None:
            other["memory_id"] = op["id"]
        memories.append(other)
    return {"memories": memories}


def _calls(style: str, reply: ToolCalls) -> Reply:
    if style == "string_args":
        wrapped = tuple(ToolCall(c.name, json.dumps(c.arguments), c.id) for c in reply.calls)
        return ToolCalls(wrapped, reply.content)
    if style == "text_instead_of_tools":
        calls = [{"name": c.name, "arguments": _loads(c.arguments)} for c in reply.calls]
        return Text(json.dumps({"tool_calls": calls}))
    return reply


def _loads(raw: str) -> Any:
    try:
        return json.loads(raw) if raw.strip() else {}
    except ValueError:
        return raw
