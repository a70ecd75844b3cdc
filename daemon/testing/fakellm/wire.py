"""Just enough HTTP/1.1 over asyncio streams for an OpenAI client: keep-alive,
``Content-Length`` bodies, JSON responses. Nothing here knows about chat completions.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

MAX_HEADER_BYTES = 64 * 1024
MAX_BODY_BYTES = 64 * 1024 * 1024


class BadRequest(Exception):
    """The bytes on the connection are not a request this server can read."""


@dataclass(slots=True)
class Request:
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    @property
    def keep_alive(self) -> bool:
        return self.headers.get("connection", "").lower() != "close"

    def json(self) -> Any:
        return json.loads(self.body)


async def read_request(reader: asyncio.StreamReader) -> Request | None:
    """The next request on the connection, or None at a clean end of stream."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if exc.partial.strip():
            raise BadRequest("connection closed inside the request head") from exc
        return None
    except asyncio.LimitOverrunError as exc:
        raise BadRequest("request head too large") from exc
    lines = head.decode("latin-1").split("\r\n")
    try:
        method, target, _version = lines[0].split(" ", 2)
    except ValueError as exc:
        raise BadRequest(f"bad request line {lines[0]!r}") from exc
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        raise BadRequest("chunked request bodies are not supported")
    try:
        length = int(headers.get("content-length", "0") or "0")
    except ValueError:
        length = -1
    if not 0 <= length <= MAX_BODY_BYTES:
        raise BadRequest(f"bad content-length {length}")
    body = await reader.readexactly(length) if length else b""
    return Request(method.upper(), target.split("?", 1)[0], headers, body)


def encode_response(
    status: int,
    body: bytes,
    *,
    headers: dict[str, str] | None = None,
    content_type: str = "application/json",
    keep_alive: bool = True,
) -> bytes:
    """A complete HTTP/1.1 response with a ``Content-Length`` body."""
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = "Unknown"
    lines = [
        f"HTTP/1.1 {status} {reason}",
        f"Content-Type: {content_type}",
        f"Content-Length: {len(body)}",
        "Connection: keep-alive" if keep_alive else "Connection: close",
        "Server: fakellm",
    ]
    lines.extend(f"{name}: {value}" for name, value in (headers or {}).items())
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def encode_json(
    status: int,
    document: Any,
    *,
    headers: dict[str, str] | None = None,
    keep_alive: bool = True,
) -> bytes:
    body = json.dumps(document, separators=(",", ":")).encode()
    return encode_response(status, body, headers=headers, keep_alive=keep_alive)
