"""`FakeModel`: what the fake model answers and what it saw, independent of HTTP.

A request's reply is chosen in this order: an injected fault (`fail_rate`), the refusal
of a request its model style does not accept, the next scripted reply (`script`, FIFO),
then ``policy(request_body)``; the model style (`daemon.testing.fakellm.styles`) then shapes it.
All state is guarded by one lock, held only for bookkeeping (never across a sleep), so
tests may script and inspect from any thread while the server is answering.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter, deque
from collections.abc import Iterable

from .accounting import DEFAULT_WINDOW, CacheByModel, canonical_prompt
from .completions import Ids, completion_document
from .faults import DEFAULT_KINDS, Faults
from .protocol import policy_done
from .replies import (
    Drop,
    Error,
    JSONBody,
    MalformedJson,
    Policy,
    Reply,
    Text,
    Timeout,
    ToolCalls,
)
from .styles import check_style, refusal, restyle, style_of

log = logging.getLogger(__name__)
_KINDS: dict[type, str] = {
    Text: "text",
    ToolCalls: "tool_calls",
    Error: "error",
    Timeout: "timeout",
    Drop: "drop",
    MalformedJson: "malformed_json",
}


class FakeModel:
    """Scripted replies, a fallback policy, seeded faults, request log and usage."""

    def __init__(
        self,
        policy: Policy | None = None,
        *,
        latency_s: float = 0.0,
        default_model: str = "fake-model",
        cache_window: int = DEFAULT_WINDOW,
        style: str = "plain",
    ) -> None:
        self._defaults = (policy or policy_done(), latency_s, check_style(style))
        self.policy: Policy = self._defaults[0]
        """Answers every request the script and the faults leave; runs on the server thread."""
        self.latency_s = latency_s
        """Seconds added to every chat completion request."""
        self.style = style
        """How answers are shaped when the model name names no ``@style`` (see `styles`)."""
        self._default_model = default_model
        self._lock = threading.Lock()
        self._script: deque[Reply] = deque()
        self._requests: list[JSONBody] = []
        self._served: Counter[str] = Counter()
        self._policy_errors: list[Exception] = []
        self._faults: Faults | None = None
        self._cache = CacheByModel(cache_window)
        self._ids = Ids()

    def script(self, replies: Iterable[Reply]) -> None:
        """Queue replies, consumed one per chat completion request (FIFO)."""
        with self._lock:
            self._script.extend(replies)

    def fail_rate(
        self,
        p: float,
        kinds: Iterable[str] = DEFAULT_KINDS,
        seed: int | None = 0,
        *,
        timeout_s: float = 30.0,
        retry_after_s: float | None = 0.05,
    ) -> None:
        """Replace a fraction ``p`` of replies by seeded faults; ``p=0`` turns this off.

        ``kinds`` are HTTP statuses (``"429"``, ``"500"``...), ``"timeout"`` (stall
        ``timeout_s``), ``"drop"`` or ``"malformed_json"``; 429 and 503 carry
        ``retry_after_s``. A fault does not consume the script: a retry gets the next
        scripted reply.
        """
        faults = Faults(p, tuple(kinds), seed, timeout_s, retry_after_s)
        with self._lock:
            self._faults = faults if p > 0 else None

    def reset(self) -> None:
        """Back to the constructed state: policy, latency, script, faults, log, cache."""
        with self._lock:
            self.policy, self.latency_s, self.style = self._defaults
            self._script.clear()
            self._requests.clear()
            self._served.clear()
            self._policy_errors.clear()
            self._faults = None
            self._cache.clear()

    @property
    def requests(self) -> list[JSONBody]:
        """A copy of the chat completion bodies received so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    @property
    def calls(self) -> int:
        """How many chat completion requests were received (faulted ones included)."""
        with self._lock:
            return len(self._requests)

    @property
    def pending(self) -> int:
        """Scripted replies not yet consumed."""
        with self._lock:
            return len(self._script)

    @property
    def served(self) -> dict[str, int]:
        """Replies served per kind: ``text``, ``tool_calls``, ``error``, ``timeout``..."""
        with self._lock:
            return dict(self._served)

    @property
    def policy_errors(self) -> list[Exception]:
        """Exceptions the policy raised (each was answered with a 500)."""
        with self._lock:
            return list(self._policy_errors)

    # -- used by the server -----------------------------------------------------------

    def _record(self, body: JSONBody) -> None:
        with self._lock:
            self._requests.append(body)

    def _choose(self, body: JSONBody) -> Reply:
        style = style_of(body, self.style)
        with self._lock:
            fault = self._faults.roll() if self._faults is not None else None
            if fault is not None:
                return fault
            refused = refusal(style, body)
            if refused is not None:
                return refused
            scripted = self._script.popleft() if self._script else None
        return restyle(style, scripted or self._ask_policy(body), body)

    def _ask_policy(self, body: JSONBody) -> Reply:
        try:
            return self.policy(body)
        except Exception as exc:
            log.exception("fakellm.policy_failed")
            with self._lock:
                self._policy_errors.append(exc)
            return Error(500, f"fakellm policy raised {type(exc).__name__}: {exc}")

    def _count(self, reply: Reply) -> None:
        with self._lock:
            self._served[_KINDS[type(reply)]] += 1

    def _complete(self, reply: Text | ToolCalls, body: JSONBody) -> JSONBody:
        """The completion document for ``reply``, with usage; remembers the prompt."""
        model = str(body.get("model") or self._default_model)
        prompt = canonical_prompt(body)
        with self._lock:
            prompt_tokens, cached_tokens = self._cache.account(model, prompt)
        return completion_document(
            reply,
            model=model,
            ids=self._ids,
            prompt_tokens=prompt_tokens,
            cached_tokens=cached_tokens,
        )
