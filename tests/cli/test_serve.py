"""``memoryd serve``'s steps: the address the options choose, and the guard on listening
beyond the loopback without a key."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import typer

from daemon.base.settings import Settings
from daemon.cli.serve import _connection_bounds, _guard, _listening_on, _server_config


def test_the_options_choose_the_address_and_the_settings_fill_the_rest() -> None:
    settings = Settings()
    assert _listening_on(settings, None, None).api == settings.api
    chosen = _listening_on(settings, "0.0.0.0", 9999).api
    assert (chosen.host, chosen.port) == ("0.0.0.0", 9999)
    assert _listening_on(settings, None, 0).api.port == 0  # port 0 is a choice, not unset


def test_no_key_refuses_another_address_than_the_loopback() -> None:
    beyond = _listening_on(Settings(), "0.0.0.0", None)
    with pytest.raises(typer.Exit) as refused:
        _guard(beyond, 0, no_auth=False)
    assert refused.value.exit_code == 2
    _guard(beyond, 1, no_auth=False)  # a key exists
    _guard(beyond, 0, no_auth=True)  # said loudly, not refused
    _guard(_listening_on(Settings(), "127.0.0.1", None), 0, no_auth=False)


def test_the_server_serves_the_chosen_address() -> None:
    config = _server_config(_listening_on(Settings(), "127.0.0.1", 8123), no_auth=False)
    assert (config.host, config.port, config.access_log) == ("127.0.0.1", 8123, False)


# --- Bounded requests: the configuration ``memoryd serve`` runs, on a real socket ---------

BOUNDS = {
    "max_header_bytes": 16_384,
    "header_timeout_s": 0.5,
    "body_timeout_s": 0.5,
    "max_connections": 40,
    "max_connections_per_client": 4,
}


async def _tiny_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Reads the whole body, then answers 200 with its length."""
    if scope["type"] != "http":
        return
    size, more = 0, True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    body = json.dumps({"client": scope["client"][0], "size": size}).encode()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": body})


@contextmanager
def _serving(**api: Any) -> Iterator[int]:
    """``memoryd serve``'s uvicorn configuration around a tiny app, on a free port."""
    import uvicorn

    settings = Settings(database_url="sqlite:///unused.db")
    settings = settings.model_copy(
        update={"api": settings.api.model_copy(update={**BOUNDS, **api, "port": 0})}
    )
    config = _server_config(settings, no_auth=True)
    config.app = _tiny_app
    config.lifespan = "off"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    config.port = port
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(20)


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def _answer(sock: socket.socket) -> bytes:
    """What the server sent before closing (b'' when it closed without a word)."""
    got = b""
    try:
        while chunk := sock.recv(65536):
            got += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    return got


def _get(port: int, source: str = "127.0.0.1", extra: bytes = b"") -> bytes:
    with _connect(port, source) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + extra + b"\r\n")
        return _answer(sock)


def test_a_header_over_the_bound_is_answered_431_without_reading_the_rest() -> None:
    """The bound holds whatever parser uvicorn would pick: the server answers 431 once the
    header passes it, and stops reading: a 64 MiB header is never taken whole."""
    with _serving() as port:
        assert _get(port, extra=b"X-Big: " + b"a" * 15_000 + b"\r\n").startswith(b"HTTP/1.1 200")
        over = _get(port, extra=b"X-Big: " + b"a" * 17_000 + b"\r\n")
        assert over.startswith(b"HTTP/1.1 431"), over[:100]
        with _connect(port) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ")
            sent, chunk = 0, b"a" * 65_536
            try:
                while sent < 64 << 20:
                    sock.sendall(chunk)
                    sent += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            answer = _answer(sock)
        assert sent < 16 << 20, f"the server read {sent >> 20} MiB of one header"
        assert answer in (b"",) or answer.startswith(b"HTTP/1.1 431")
        assert _get(port).startswith(b"HTTP/1.1 200")  # and it goes on serving


def test_a_slow_header_is_timed_out_and_an_idle_connection_closed() -> None:
    """A client sending its header a line at a time (slowloris), or nothing at all, is cut
    off after ``header_timeout_s`` (0.5 s here; waited for with several seconds' margin)."""
    with _serving() as port, _connect(port) as slow, _connect(port) as idle:
        slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        slow.settimeout(0.2)
        start, closed = time.monotonic(), None
        while time.monotonic() - start < 8:
            try:
                slow.sendall(b"X-A: b\r\n")
                got = slow.recv(200)
            except TimeoutError:
                continue
            except OSError:
                got = b""
            closed = got
            break
        assert closed is not None, "a slow header was still being read after 8 s"
        assert closed == b"" or closed.startswith(b"HTTP/1.1 408"), closed[:100]
        idle.settimeout(8)
        said = _answer(idle)
        assert said == b"" or said.startswith(b"HTTP/1.1 408"), said[:100]


def test_a_slow_body_is_timed_out() -> None:
    with _serving() as port, _connect(port) as sock:
        sock.sendall(b"POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b"a" * 10)
        sock.settimeout(8)
        start = time.monotonic()
        _answer(sock)
        assert time.monotonic() - start < 7, "a body sent slowly was waited for without end"


def test_one_address_holds_a_bounded_number_of_connections_and_others_are_answered() -> None:
    """One client address holding its limit of half-sent connections (and more) leaves
    another address answered at once; past the overall limit a connection is refused."""
    with _serving(header_timeout_s=30) as port:
        hogs = [_connect(port, "127.0.0.2") for _ in range(6)]
        try:
            for hog in hogs:
                hog.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            time.sleep(0.1)
            start = time.monotonic()
            assert _get(port, "127.0.0.3").startswith(b"HTTP/1.1 200")
            assert time.monotonic() - start < 5
            refused = [hog for hog in hogs if _answer_now(hog) is not None]
            assert len(refused) == 2  # the fifth and sixth of one address
        finally:
            for hog in hogs:
                hog.close()
    with _serving(max_connections=3, max_connections_per_client=10) as port:
        held = [_connect(port, f"127.0.0.{10 + i}") for i in range(3)]
        try:
            over = _get(port, "127.0.0.20")
            assert over == b"" or over.startswith(b"HTTP/1.1 503"), over[:100]
        finally:
            for sock in held:
                sock.close()
        assert _get(port, "127.0.0.20").startswith(b"HTTP/1.1 200")


def _answer_now(sock: socket.socket) -> bytes | None:
    """What a refused connection got (b'' or a 503), None while it is held open."""
    sock.settimeout(0.3)
    try:
        return sock.recv(200)
    except TimeoutError:
        return None
    except ConnectionResetError:
        return b""


def test_forwarded_addresses_are_taken_from_trusted_proxies_only() -> None:
    """Without a trusted proxy, X-Forwarded-For names no client; from a trusted proxy it
    does, and the proxy is not held to the per-address connection limit."""
    forwarded = b"X-Forwarded-For: 10.9.8.7\r\n"
    with _serving() as port:
        assert b'"client": "127.0.0.1"' in _get(port, extra=forwarded)
    with _serving(trusted_proxies=["127.0.0.0/8"], max_connections_per_client=2) as port:
        assert b'"client": "10.9.8.7"' in _get(port, extra=forwarded)
        held = [_connect(port) for _ in range(3)]
        try:
            assert _get(port).startswith(b"HTTP/1.1 200")
        finally:
            for sock in held:
                sock.close()


def test_the_connection_bounds_fit_the_descriptor_limit() -> None:
    """Under a small ``ulimit -n`` the overall bound leaves room for the store and Redis,
    and one address may hold a quarter of it at most; without a limit the settings hold."""
    settings = Settings(database_url="sqlite:///unused.db", database_pool_size=10)
    small = _connection_bounds(settings, 128)
    assert (small.max_connections, small.max_connections_per_client) == (54, 13)
    free = _connection_bounds(settings, None)
    assert (free.max_connections, free.max_connections_per_client) == (1000, 64)
    assert _connection_bounds(settings, 10).max_connections == 1


def _read_responses(sock: socket.socket, count: int) -> list[bytes]:
    """``count`` responses of the tiny app (each ends with its JSON body's brace)."""
    got = b""
    while got.count(b"}") < count:
        chunk = sock.recv(65536)
        if not chunk:
            break
        got += chunk
    return [part for part in got.split(b"HTTP/1.1 ")[1:]]


@pytest.mark.parametrize(
    "request_head",
    [
        b"GET /" + b"a" * 40_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",  # a long request line
        b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 5_000 + b"\r\n",  # many small ones
    ],
)
def test_the_bound_counts_the_request_line_and_every_header(request_head: bytes) -> None:
    with _serving() as port, _connect(port) as sock:
        sock.sendall(request_head)
        assert _answer(sock).startswith(b"HTTP/1.1 431")


def test_good_clients_are_served_as_before() -> None:
    """Pipelined requests, a body sent in time, and a kept-alive connection idle for longer
    than the header timeout between its requests are all answered; connections that closed
    are no longer counted against their address."""
    with _serving() as port:
        with _connect(port) as sock:
            sock.sendall(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            assert [r[:3] for r in _read_responses(sock, 2)] == [b"200", b"200"]
            time.sleep(1.5)  # three header timeouts: only bytes of a request start one
            sock.sendall(b"POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            answer = _read_responses(sock, 1)
            assert answer and answer[0].startswith(b"200") and b'"size": 5' in answer[0]
        for _ in range(3 * BOUNDS["max_connections_per_client"]):
            assert _get(port, "127.0.0.5").startswith(b"HTTP/1.1 200")
