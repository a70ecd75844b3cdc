"""Request schemas whose defaults a client generator reads as "optional".

A property with a ``default`` is one a client may leave out. ``openapi-typescript`` (with its
default options) types every property that has a ``default`` as required, unless the schema
sits inline in a request body: right for answers, whose defaults are always filled in, wrong
for the turn event and the other bodies a client sends, where it makes the docs' own
examples fail to type-check. So in every component schema that only requests use (reached
from a request body or a parameter, never from an answer), a property's default moves into
its description ("Default: ``turn``.") and out of the ``default`` keyword; the property stays
out of ``required``, and the server fills in the same default as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

_REF = "#/components/schemas/"


def _refs(node: Any) -> Iterator[str]:
    """The names of the component schemas ``node`` refers to, directly."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_REF):
            yield ref.removeprefix(_REF)
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _closure(roots: list[Any], schemas: dict[str, Any]) -> set[str]:
    """Every component schema reachable from ``roots``."""
    seen: set[str] = set()
    todo = [name for root in roots for name in _refs(root)]
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        todo.extend(_refs(schemas[name]))
    return seen


def _said(default: Any) -> str:
    return f"Default: `{json.dumps(default, ensure_ascii=False)}`."


def _move_defaults(schema: dict[str, Any]) -> None:
    for prop in (schema.get("properties") or {}).values():
        if isinstance(prop, dict) and "default" in prop:
            said = _said(prop.pop("default"))
            description = prop.get("description", "")
            prop["description"] = f"{description} {said}".strip()


def describe_input_defaults(document: dict[str, Any]) -> None:
    """Rewrite ``document`` in place as the module docstring says."""
    schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
    inputs: list[Any] = []
    outputs: list[Any] = []
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            inputs.extend([operation.get("requestBody"), operation.get("parameters")])
            outputs.append(operation.get("responses"))
    for name in _closure(inputs, schemas) - _closure(outputs, schemas):
        _move_defaults(schemas[name])
