"""`FakeLLM`: an OpenAI-compatible chat completions server on 127.0.0.1, owned by a test.

The server runs an asyncio loop in a daemon thread, so it serves sync and async tests
alike and never shares the test's event loop. Latency and stalls are the clock's
``sleep`` (``asyncio.sleep`` unless a test gives its own clock, run on the server's loop),
so hundreds of in-flight requests wait side by side. What it answers is decided by
`FakeModel` (script, policy, faults); this module only speaks HTTP and keeps time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Sequence
from types import TracebackType
from typing import Any, Self

from daemon.base.clock import Clock, SystemClock

from . import wire
from .accounting import DEFAULT_WINDOW
from .completions import MALFORMED_BODY, models_document
from .embeddings import DEFAULT_DIMS, FakeEmbeddings
from .model import FakeModel
from .replies import (
    Drop,
    Error,
    JSONBody,
    MalformedJson,
    Policy,
    Reply,
    Timeout,
    error_body,
    retry_after_headers,
)

log = logging.getLogger(__name__)
_CHAT, _MODELS, _EMBEDDINGS = "/v1/chat/completions", "/v1/models", "/v1/embeddings"


class FakeLLM(FakeModel):
    """A real HTTP server speaking enough of the OpenAI API for ``openai.AsyncOpenAI``.

    Serves ``POST /v1/chat/completions`` (non-streaming), ``POST /v1/embeddings`` (see
    `FakeEmbeddings`, reached as ``fake.embeddings``) and ``GET /v1/models``. Use it as
    ``with FakeLLM() as fake:`` or ``async with FakeLLM() as fake:``, or `start`/`stop`.
    ``clock`` keeps its time: the latency and the stalls of ``timeout`` replies are
    ``clock.sleep`` on the server's own loop (``FakeClock`` makes them instant and lets a
    test read how long was waited, from ``clock.monotonic()``).
    """

    def __init__(
        self,
        policy: Policy | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        latency_s: float = 0.0,
        models: Sequence[str] = ("fake-model",),
        cache_window: int = DEFAULT_WINDOW,
        api_key: str | None = None,
        style: str = "plain",
        clock: Clock | None = None,
        embedding_dims: int = DEFAULT_DIMS,
    ) -> None:
        super().__init__(
            policy,
            latency_s=latency_s,
            default_model=models[0],
            cache_window=cache_window,
            style=style,
        )
        self.models = tuple(models)
        self.embeddings = FakeEmbeddings(embedding_dims)
        """The embeddings endpoint: its script, faults, concepts and what it received."""
        self.clock: Clock = clock or SystemClock()
        self._host, self._wanted_port, self._api_key = host, port, api_key
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._startup_error: OSError | None = None
        self._connections: set[asyncio.Task[Any]] = set()
        self._port: int | None = None

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeLLM is not started")
        return self._port

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>/v1``, for ``AsyncOpenAI(base_url=...)``."""
        return f"http://{self._host}:{self.port}/v1"

    # -- lifecycle (any thread) -------------------------------------------------------

    def reset(self) -> None:
        """Back to the constructed state, the embeddings endpoint's included."""
        super().reset()
        self.embeddings.reset()

    def start(self) -> Self:
        """Listen (on a free port unless one was given) and return once accepting."""
        if self._thread is not None:
            raise RuntimeError("FakeLLM is already started")
        self._ready.clear()
        self._startup_error = None
        self._thread = threading.Thread(target=self._run, name="fakellm", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout=10):
            raise RuntimeError("FakeLLM did not start within 10 s")
        if self._startup_error is not None:
            self._thread.join()
            self._thread = None
            raise RuntimeError("FakeLLM could not listen") from self._startup_error
        return self

    def stop(self) -> None:
        """Stop listening, abort open connections (stalled replies included), join."""
        thread, loop, stopping = self._thread, self._loop, self._stopping
        if thread is None:
            return
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already finished
                loop.call_soon_threadsafe(stopping.set)
        thread.join()
        self._thread = self._loop = self._stopping = None
        self._port = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    async def __aenter__(self) -> Self:
        return await asyncio.to_thread(self.start)

    async def __aexit__(
        self, _t: type[BaseException] | None, _e: BaseException | None, _tb: TracebackType | None
    ) -> None:
        await asyncio.to_thread(self.stop)

    def _run(self) -> None:
        # The entry point of the server's own thread, hence its own event loop.
        with asyncio.Runner() as runner:
            runner.run(self._serve())

    async def _serve(self) -> None:
        self._loop, self._stopping = asyncio.get_running_loop(), asyncio.Event()
        try:
            server = await asyncio.start_server(
                self._accept, self._host, self._wanted_port, backlog=2048
            )
        except OSError as exc:
            self._startup_error = exc
            self._ready.set()
            return
        self._port = server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            await self._stopping.wait()
        finally:
            server.close()
            for task in list(self._connections):
                task.cancel()
            await asyncio.gather(*self._connections, return_exceptions=True)
            await server.wait_closed()

    # -- serving (server thread) ------------------------------------------------------

    def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # Our own task rather than asyncio's: Python 3.11 logs cancelled handler tasks.
        task = asyncio.get_running_loop().create_task(self._connection(reader, writer))
        self._connections.add(task)
        task.add_done_callback(self._connections.discard)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._converse(reader, writer)
        except asyncio.CancelledError:
            writer.transport.abort()
            raise
        except (OSError, asyncio.IncompleteReadError):
            writer.transport.abort()
        except Exception:
            log.exception("fakellm.connection_failed")
            writer.transport.abort()
        else:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def _converse(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            try:
                request = await wire.read_request(reader)
            except wire.BadRequest as exc:
                document = error_body(Error(400, str(exc)))
                writer.write(wire.encode_json(400, document, keep_alive=False))
                await writer.drain()
                return
            if request is None:
                return
            response = await self._respond(request)
            if response is None:  # a dropped connection
                return
            writer.write(response)
            await writer.drain()
            if not request.keep_alive:
                return

    async def _respond(self, request: wire.Request) -> bytes | None:
        if request.path == _CHAT and request.method == "POST":
            return await self._chat(request)
        if request.path == _EMBEDDINGS and request.method == "POST":
            return await self._embed(request)
        if request.path == _MODELS and request.method == "GET":
            document = models_document(self.models)
            return wire.encode_json(200, document, keep_alive=request.keep_alive)
        status = 405 if request.path in (_CHAT, _MODELS, _EMBEDDINGS) else 404
        return _error(
            Error(status, f"fakellm does not serve {request.method} {request.path}"), request
        )

    async def _chat(self, request: wire.Request) -> bytes | None:
        try:
            body = request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return _error(Error(400, "the body must be a JSON object"), request)
        self._record(body)
        if self.latency_s > 0:
            await self.clock.sleep(self.latency_s)
        if self._api_key and request.headers.get("authorization") != f"Bearer {self._api_key}":
            return _error(Error(401, "Incorrect API key provided."), request)
        if body.get("stream"):
            message = "fakellm does not stream: send stream=false"
            return _error(Error(400, message, code="unsupported_value"), request)
        if not isinstance(body.get("messages"), list) or not body["messages"]:
            return _error(Error(400, "'messages' must be a non-empty list"), request)
        return await self._render(self._choose(body), body, request)

    async def _embed(self, request: wire.Request) -> bytes | None:
        try:
            body = request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return _error(Error(400, "the body must be a JSON object"), request)
        self.embeddings._record(body)
        if self._api_key and request.headers.get("authorization") != f"Bearer {self._api_key}":
            return _error(Error(401, "Incorrect API key provided."), request)
        checked = self.embeddings._check(body)
        if isinstance(checked, Error):
            return _error(checked, request)
        fault = self.embeddings._choose()
        if isinstance(fault, Timeout):
            await self.clock.sleep(fault.seconds)
            fault = fault.then if isinstance(fault.then, Error | Drop | MalformedJson) else None
        if isinstance(fault, Drop):
            return None
        if isinstance(fault, MalformedJson):
            return wire.encode_response(200, MALFORMED_BODY, keep_alive=request.keep_alive)
        if isinstance(fault, Error):
            return _error(fault, request)
        document = self.embeddings._document(body, *checked)
        return wire.encode_json(200, document, keep_alive=request.keep_alive)

    async def _render(self, reply: Reply, body: JSONBody, request: wire.Request) -> bytes | None:
        self._count(reply)
        if isinstance(reply, Timeout):
            await self.clock.sleep(reply.seconds)
            return await self._render(reply.then or self._ask_policy(body), body, request)
        if isinstance(reply, Drop):
            return None
        if isinstance(reply, MalformedJson):
            return wire.encode_response(200, MALFORMED_BODY, keep_alive=request.keep_alive)
        if isinstance(reply, Error):
            return _error(reply, request)
        return wire.encode_json(200, self._complete(reply, body), keep_alive=request.keep_alive)


def _error(reply: Error, request: wire.Request) -> bytes:
    headers = retry_after_headers(reply)
    return wire.encode_json(
        reply.status, error_body(reply), headers=headers, keep_alive=request.keep_alive
    )
