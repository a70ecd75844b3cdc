"""Embeddings from any OpenAI-compatible ``/v1/embeddings``, through the ``openai`` client.

:class:`OpenAIEmbedder` sends texts in batches of ``batch_size``, asks for ``dimensions``
when the operator set them, puts the answer back in the order given (by each item's
``index``) and normalizes every vector. The client's errors are classified as the model
calls' are (``daemon.extraction.llm.client``): a timeout, a dropped connection, a malformed
answer, 408, 409, 429 and 5xx are transient; any other status (401, 403, 404, 400...) is
permanent. Transient failures count toward the provider's breaker, shared through Redis like
the model calls' one (the same breaker, under its own key); while it is open no call is made.
The client's own retries are off: the caller decides (a worker's job retries, a search falls
back to keywords). The API key is never logged: a provider's message quoting it is scrubbed.

Texts are sent as every encoder takes them (NUL and lone surrogates as U+FFFD). A blank
text has no meaning and endpoints refuse it (one would fail its whole batch): it is not sent,
and its vector is all zeros, which is similar to nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, Protocol

import httpx2
import openai
import structlog
from openai.types import CreateEmbeddingResponse

from daemon.base.embedding import EmbeddingFailed, unit
from daemon.base.errors import TransientExtractionError, describe
from daemon.base.redaction import redact
from daemon.base.text import storable

__all__ = ["BreakerOpen", "EndpointFailed", "OpenAIEmbedder", "ProviderBreaker", "open_client"]

log = structlog.get_logger("memoryd.embeddings")

_NO_KEY = "unset"  # a local endpoint may need none; the client insists on some value


class ProviderBreaker(Protocol):
    """The provider breaker's interface (``daemon.extraction.llm.breaker``'s
    ``RedisBreaker`` and ``NoBreaker`` are the implementations): ``acquire`` raises a
    transient error while it is open."""

    async def acquire(self) -> bool: ...

    async def success(self, reset: bool) -> None: ...

    async def failure(self) -> None: ...


class EndpointFailed(EmbeddingFailed):
    """The endpoint failed or refused; ``status`` is its HTTP status when it answered."""

    def __init__(self, message: str, *, transient: bool, status: int | None = None) -> None:
        super().__init__(message, transient=transient)
        self.status = status


class BreakerOpen(EmbeddingFailed):
    """The provider's breaker is open: no call was made."""

    def __init__(self, message: str, *, retry_after_s: float | None = None) -> None:
        super().__init__(message, transient=True)
        self.retry_after_s = retry_after_s


def open_client(
    *,
    base_url: str | None,
    api_key: str | None,
    timeout_s: float,
    connect_timeout_s: float,
    http_client: httpx2.AsyncClient | None = None,
) -> openai.AsyncOpenAI:
    """An ``AsyncOpenAI`` for the endpoint, with no retries of its own; ``http_client``
    lets tests pick the transport."""
    return openai.AsyncOpenAI(
        api_key=api_key or _NO_KEY,
        base_url=base_url,
        timeout=httpx2.Timeout(timeout_s, connect=connect_timeout_s),
        max_retries=0,
        http_client=http_client,
    )


class OpenAIEmbedder:
    """An :class:`~daemon.base.embedding.Embedder` over ``client.embeddings.create``."""

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        *,
        model: str,
        dims: int,
        breaker: ProviderBreaker | None = None,
        batch_size: int = 64,
        send_dimensions: bool = False,
    ) -> None:
        if dims <= 0 or batch_size <= 0:
            raise ValueError("dims and batch_size must be positive")
        self.client = client
        self.model = model
        self._dims = dims
        self.breaker = breaker
        self.batch_size = batch_size
        self.send_dimensions = send_dimensions

    @property
    def space(self) -> str:
        return f"openai:{self.model}:{self._dims}"

    @property
    def dims(self) -> int:
        return self._dims

    async def aclose(self) -> None:
        """Close the client's connections."""
        await self.client.close()

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One unit vector per text, in order (all zeros for a blank text); one request per
        ``batch_size`` texts."""
        sent = [i for i, text in enumerate(texts) if text.strip()]
        vectors: list[list[float]] = [[0.0] * self._dims for _ in texts]
        for start in range(0, len(sent), self.batch_size):
            batch = sent[start : start + self.batch_size]
            answered = await self._batch([storable(texts[i]) for i in batch])
            for i, vector in zip(batch, answered, strict=True):
                vectors[i] = vector
        return vectors

    async def _batch(self, texts: list[str]) -> list[list[float]]:
        reset = await self._acquire()
        options: dict[str, Any] = {"dimensions": self._dims} if self.send_dimensions else {}
        try:
            response = await self.client.embeddings.create(
                input=texts, model=self.model, encoding_format="float", **options
            )
            vectors = self._read(response, len(texts))
        except Exception as exc:
            error = classify(exc, self.client.api_key)
            if error is None:
                raise
            if error.transient:
                await self._tell("failure")
            log.warning(
                "embeddings.call_failed",
                error=str(error),
                status=error.status,
                transient=error.transient,
                texts=len(texts),
            )
            raise error from exc
        if reset:
            await self._tell("success")
        return vectors

    async def _acquire(self) -> bool:
        """Whether a success must reset the breaker; raises BreakerOpen while it is open. A
        breaker that cannot be read (Redis away) lets the call through: it guards the
        provider, and a search must not fail because of it."""
        if self.breaker is None:
            return False
        try:
            return await self.breaker.acquire()
        except TransientExtractionError as exc:
            raise BreakerOpen(
                "the embedding provider's breaker is open", retry_after_s=exc.retry_after_s
            ) from exc
        except Exception as exc:  # the breaker's store, not the provider
            log.warning("embeddings.breaker_unreadable", error=describe(exc))
            return False

    async def _tell(self, what: Literal["success", "failure"]) -> None:
        if self.breaker is None:
            return
        try:
            if what == "success":
                await self.breaker.success(True)
            else:
                await self.breaker.failure()
        except Exception as exc:  # as in _acquire
            log.warning("embeddings.breaker_unreadable", error=describe(exc))

    def _read(self, response: CreateEmbeddingResponse, count: int) -> list[list[float]]:
        """The vectors in input order, normalized; a wrong count or index is malformed, a
        wrong size is the operator's (the model or ``dimensions`` do not match)."""
        items = sorted(response.data, key=lambda item: item.index)
        if [item.index for item in items] != list(range(count)):
            raise EndpointFailed(
                f"malformed answer: {len(items)} embeddings for {count} texts", transient=True
            )
        vectors = []
        for item in items:
            if len(item.embedding) != self._dims:
                raise EndpointFailed(
                    f"the endpoint returned {len(item.embedding)} dimensions, expected "
                    f"{self._dims} (MEMORYD_EMBEDDINGS__MODEL and __DIMENSIONS)",
                    transient=False,
                )
            vectors.append(unit(item.embedding))
        return vectors


def classify(exc: Exception, api_key: str | None = None) -> EndpointFailed | None:
    """memoryd's failure for what the client raised (None: not the endpoint's doing); the
    message never holds the key."""
    if isinstance(exc, EndpointFailed):
        return exc
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        reason = _scrub(f"HTTP {status}: {_message(exc)}", api_key)
        return EndpointFailed(
            reason, transient=status in (408, 409, 429) or status >= 500, status=status
        )
    if isinstance(exc, openai.APITimeoutError):
        return EndpointFailed("the embedding call timed out", transient=True)
    if isinstance(exc, openai.APIConnectionError):
        return EndpointFailed(
            _scrub(f"cannot reach the embedding endpoint: {exc}", api_key), transient=True
        )
    if isinstance(exc, json.JSONDecodeError | openai.APIResponseValidationError):
        return EndpointFailed(
            f"malformed answer from the embedding endpoint: {exc}", transient=True
        )
    return None


def _message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:500]
    return str(exc.message)[:500]


def _scrub(text: str, api_key: str | None) -> str:
    if api_key and api_key != _NO_KEY:
        text = text.replace(api_key, "****")
    return redact(text)[0]
