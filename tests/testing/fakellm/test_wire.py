"""Just enough HTTP/1.1: requests read off a stream, responses with a Content-Length."""

from __future__ import annotations

import asyncio

import pytest

from daemon.testing.fakellm.wire import (
    BadRequest,
    Request,
    encode_json,
    encode_response,
    read_request,
)


def stream(data: bytes) -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    return reader


async def test_requests_are_read_one_after_another_on_a_connection() -> None:
    reader = stream(
        b"POST /v1/chat/completions?x=1 HTTP/1.1\r\nContent-Length: 2\r\nX-Key: A\r\n\r\n{}"
        b"get /v1/models HTTP/1.1\r\nConnection: close\r\n\r\n"
    )
    first = await read_request(reader)
    assert first == Request(
        "POST", "/v1/chat/completions", {"content-length": "2", "x-key": "A"}, b"{}"
    )
    assert first.json() == {} and first.keep_alive
    second = await read_request(reader)
    assert second is not None and (second.method, second.path) == ("GET", "/v1/models")
    assert not second.keep_alive
    assert await read_request(reader) is None  # a clean end


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"GET /x HTTP/1.1\r\nHost: a", "closed inside the request head"),
        (b"NONSENSE\r\n\r\n", "bad request line"),
        (b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "chunked"),
        (b"POST /x HTTP/1.1\r\nContent-Length: -5\r\n\r\n", "bad content-length"),
        (b"POST /x HTTP/1.1\r\nContent-Length: lots\r\n\r\n", "bad content-length"),
    ],
)
async def test_unreadable_requests_are_bad_requests(data: bytes, says: str) -> None:
    with pytest.raises(BadRequest, match=says):
        await read_request(stream(data))


def test_responses_carry_their_length_and_connection() -> None:
    response = encode_response(429, b"{}", headers={"Retry-After": "2"}, keep_alive=False)
    head, body = response.split(b"\r\n\r\n")
    assert head.split(b"\r\n") == [
        b"HTTP/1.1 429 Too Many Requests",
        b"Content-Type: application/json",
        b"Content-Length: 2",
        b"Connection: close",
        b"Server: fakellm",
        b"Retry-After: 2",
    ]
    assert body == b"{}"
    assert encode_response(599, b"").startswith(b"HTTP/1.1 599 Unknown\r\n")
    assert encode_json(200, {"a": [1, 2]}).endswith(b'\r\n\r\n{"a":[1,2]}')
