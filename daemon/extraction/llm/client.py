"""Model calls: the ``openai`` client against any OpenAI-compatible endpoint.

:class:`ModelClient` adds what memoryd needs around one chat completion: a semaphore (the
worker's concurrency cap), the provider-wide breaker, usage accounting, and the mapping of
the client's errors onto memoryd's (transient: retried by arq; permanent: a failed run).
The client's own retries are off: arq does the retrying, with backoff and ``Retry-After``.

A structured answer (``schema=``) is asked for the way the endpoint supports it: a
``json_schema`` ``response_format`` first, else ``json_object``, else the instructions
alone. What the endpoint supports is learnt from its first such request (a 400 naming
``response_format`` steps down a level and the request is sent again at once; concurrent
requests wait for that first one) and remembered for the client's life: one endpoint and
one model.
"""

from __future__ import annotations

import asyncio
import json
import re
from email.utils import parsedate_to_datetime
from typing import Any, Literal

import httpx2
import openai
import structlog
from openai.types.chat import ChatCompletion, ChatCompletionMessage

from daemon.base.clock import Clock
from daemon.base.settings import LLMSettings
from daemon.extraction.base import Usage
from daemon.extraction.llm.breaker import Breaker
from daemon.extraction.llm.model_errors import ModelRefused, ModelUnavailable, ProviderUnavailable

__all__ = [
    "STRUCTURED_LEVELS",
    "ModelClient",
    "Structured",
    "estimate_tokens",
    "open_client",
    "retry_after_s",
]

log = structlog.get_logger("memoryd.llm")

CHARS_PER_TOKEN = 3.2
_MAX_RETRY_AFTER_S = 3600.0
_NO_KEY = "unset"  # a local endpoint may need none; the client insists on some value
Structured = Literal["json_schema", "json_object", "none"]
STRUCTURED_LEVELS: tuple[Structured, ...] = ("json_schema", "json_object", "none")
_NAMES_FORMAT = re.compile(r"response_format|json_schema|json_object|structured output", re.I)


def estimate_tokens(chars: int) -> int:
    """Tokens in ``chars`` characters, at 3.2 characters per token (no tokenizer needed)."""
    return -(-chars * 5 // 16)


def open_client(
    settings: LLMSettings, *, http_client: httpx2.AsyncClient | None = None
) -> openai.AsyncOpenAI:
    """An ``AsyncOpenAI`` for the configured endpoint; ``http_client`` lets tests pick the
    transport. No retries of its own."""
    key = settings.api_key.get_secret_value() if settings.api_key else _NO_KEY
    return openai.AsyncOpenAI(
        api_key=key,
        base_url=settings.base_url,
        timeout=httpx2.Timeout(settings.timeout_s, connect=settings.connect_timeout_s),
        max_retries=0,
        http_client=http_client,
    )


def retry_after_s(headers: Any, clock: Clock | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date)."""
    if headers is None:
        return None
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return min(_MAX_RETRY_AFTER_S, max(0.0, float(raw_ms) / 1000))
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return min(_MAX_RETRY_AFTER_S, max(0.0, float(raw)))
    except ValueError:
        pass
    if clock is None:
        return None
    try:
        when = parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    return min(_MAX_RETRY_AFTER_S, max(0.0, (when - clock.now()).total_seconds()))


class ModelClient:
    """Chat completions with a concurrency cap, the breaker, accounting and error mapping."""

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        *,
        model: str,
        breaker: Breaker,
        clock: Clock,
        max_concurrency: int,
        structured: Structured = "json_schema",
    ) -> None:
        self.client = client
        self.model = model
        self.breaker = breaker
        self.clock = clock
        self._slots = asyncio.Semaphore(max_concurrency)
        self.structured: Structured = structured
        """How structured answers are asked for: the best level not refused so far."""
        self._probed = False
        self._probing = asyncio.Lock()

    async def complete(
        self,
        messages: list[dict[str, Any]],
        usage: Usage,
        *,
        tools: list[dict[str, Any]] | None = None,
        schema: dict[str, Any] | None = None,
    ) -> ChatCompletionMessage:
        """One chat completion; its usage is added to ``usage`` (calls count even if failed).
        With ``schema`` the answer is asked for as that JSON, as the endpoint supports."""
        if schema is not None and not self._probed:
            async with self._probing:  # the first one learns what the endpoint takes
                if not self._probed:  # (the others wait, then use what it learnt)
                    reply = await self._structured(messages, usage, tools, schema)
                    self._probed = True
                    return reply
        return await self._structured(messages, usage, tools, schema)

    async def _structured(
        self,
        messages: list[dict[str, Any]],
        usage: Usage,
        tools: list[dict[str, Any]] | None,
        schema: dict[str, Any] | None,
    ) -> ChatCompletionMessage:
        """The call, stepping down while the endpoint refuses the ``response_format``."""
        while True:
            level = self.structured if schema is not None else "none"
            try:
                return await self._complete(
                    messages, usage, tools=tools, response_format=_format(level, schema)
                )
            except ModelRefused as exc:
                if level == "none" or exc.status not in (400, 422):
                    raise
                if not _NAMES_FORMAT.search(str(exc)):
                    raise
                self._step_down(level, str(exc))

    def _step_down(self, refused: Structured, reason: str) -> None:
        if self.structured == refused:  # a concurrent request may have stepped down already
            self.structured = STRUCTURED_LEVELS[STRUCTURED_LEVELS.index(refused) + 1]
            log.info(
                "llm.structured_output",
                model=self.model,
                refused=refused,
                now=self.structured,
                reason=reason[:200],
            )

    async def _complete(
        self,
        messages: list[dict[str, Any]],
        usage: Usage,
        *,
        tools: list[dict[str, Any]] | None,
        response_format: dict[str, Any] | None,
    ) -> ChatCompletionMessage:
        async with self._slots:
            try:
                reset = await self.breaker.acquire()
            except ProviderUnavailable as exc:  # earlier calls of this run were spent
                exc.usage = usage if usage.model_calls else None
                raise
            usage.model_calls += 1
            body: dict[str, Any] = {"model": self.model, "messages": messages}
            if tools:
                body["tools"] = tools
            if response_format is not None:
                body["response_format"] = response_format
            try:
                # The documented way to send a body as is: ``chat.completions.create`` would
                # walk every message to transform its keys (about 3 ms of CPU per call).
                response = await self.client.post(
                    "/chat/completions", body=body, cast_to=ChatCompletion
                )
            except Exception as exc:
                error = self._map(exc, usage)
                if error is None:
                    raise
                if isinstance(error, ModelUnavailable):
                    await self.breaker.failure()
                log.warning("llm.call_failed", error=str(error), kind=type(error).__name__)
                raise error from exc
            await self.breaker.success(reset)
        _account(response, messages, usage)
        if not response.choices:
            raise ModelUnavailable("the model returned no choices", usage=usage)
        return response.choices[0].message

    def _map(self, exc: Exception, usage: Usage) -> ModelUnavailable | ModelRefused | None:
        """memoryd's error for what the client raised (None: not the provider's doing)."""
        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            reason = f"HTTP {status}: {_message(exc)}"
            if status in (408, 409, 429) or status >= 500:
                wait = retry_after_s(exc.response.headers, self.clock)
                return ModelUnavailable(
                    reason, retry_after_s=wait, usage=usage, blames_session=status != 429
                )
            return ModelRefused(reason, status=status, usage=usage)
        if isinstance(exc, openai.APITimeoutError):
            return ModelUnavailable("the model call timed out", usage=usage)
        if isinstance(exc, openai.APIConnectionError):
            return ModelUnavailable(f"cannot reach the model: {exc}", usage=usage)
        if isinstance(exc, json.JSONDecodeError | openai.APIResponseValidationError):
            return ModelUnavailable(f"malformed response from the model: {exc}", usage=usage)
        return None


def _format(level: Structured, schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """The ``response_format`` of a request for ``schema`` at ``level``."""
    if schema is None or level == "none":
        return None
    if level == "json_object":
        return {"type": "json_object"}
    return {
        "type": "json_schema",
        "json_schema": {"name": "memory_operations", "schema": schema, "strict": True},
    }


def _message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:500]
    return str(exc.message)[:500]


def _account(response: Any, messages: list[dict[str, Any]], usage: Usage) -> None:
    reported = response.usage
    if reported is None:  # some servers report none: estimate what was sent
        chars = sum(len(json.dumps(m, ensure_ascii=False)) for m in messages)
        usage.prompt_tokens += estimate_tokens(chars)
        return
    usage.prompt_tokens += int(reported.prompt_tokens or 0)
    usage.completion_tokens += int(reported.completion_tokens or 0)
    details = reported.prompt_tokens_details
    if details is not None and details.cached_tokens:
        usage.cached_tokens += int(details.cached_tokens)
