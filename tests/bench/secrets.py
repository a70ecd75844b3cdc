"""``./dev bench secrets``: how much of the secrets corpus the scanner finds, and at what cost.

The corpus (``tests.base.secrets_corpus.py``) holds secrets in many formats, each paired with
the secret it holds, and ordinary texts that hold none (commit ids, UUIDs, hashes, base64
images, lockfile lines, provider ids, code, prose about passwords). A secret is a hit when
:func:`~daemon.base.redaction.redact` leaves none of it; an ordinary text with any finding is a
false positive. Throughput is :func:`~daemon.base.redaction.redact`'s, best of ``rounds``: over the
ordinary texts (the common case: no secret, the fast path), over the secrets, and per
message of ordinary prose and code (the dispatcher's cost per message). Randomly drawn
tokens of each length measure the bare high-entropy rule on its own.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from daemon.base.redaction import find_secrets, redact

__all__ = ["bench_secrets", "main"]

_MESSAGE = (
    "We decided to ship on Friday. I prefer tabs over spaces; remember that the API is v2.\n"
    "def handler(event, context):\n    return {'statusCode': 200, 'body': json.dumps(event)}\n"
    "commit 3f786850e387550fdab836ed7e6dc881de23001b Fix the invoice rounding (#123)\n"
    "Running tests in /home/dana/src/billing/tests/unit/test_invoice.py ... 42 passed\n"
) * 4  # about 1.4 KB
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _best(call: Callable[[], object], rounds: int) -> float:
    """The least wall-clock seconds of ``rounds`` calls."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


def _redact_all(texts: list[str]) -> None:
    for text in texts:
        redact(text)


def _random_tokens(length: int, count: int, seed: int) -> float:
    """The share of ``count`` random base64 tokens of ``length`` found bare in a sentence."""
    rng = random.Random(seed)
    found = 0
    for _ in range(count):
        token = "".join(rng.choice(_B64) for _ in range(length))
        found += bool(find_secrets(f"then paste {token} into the console"))
    return round(found / count, 4)


def bench_secrets(
    secrets: list[tuple[str, str]], ordinary: list[str], *, rounds: int = 20
) -> dict[str, Any]:
    """The corpus figures (see the module's docstring)."""
    missed = [text for text, secret in secrets if secret in redact(text)[0]]
    flagged = [text for text in ordinary if find_secrets(text)]
    ordinary_chars = sum(map(len, ordinary))
    secret_chars = sum(len(text) for text, _ in secrets)
    messages = [_MESSAGE] * 100
    return {
        "secrets": len(secrets),
        "hits": len(secrets) - len(missed),
        "misses": len(missed),
        "ordinary": len(ordinary),
        "false_positives": len(flagged),
        "ordinary_mb_per_s": round(
            ordinary_chars / _best(lambda: _redact_all(ordinary), rounds) / 1e6, 2
        ),
        "secrets_mb_per_s": round(
            secret_chars / _best(lambda: _redact_all([t for t, _ in secrets]), rounds) / 1e6, 2
        ),
        "message_chars": len(_MESSAGE),
        "us_per_message": round(_best(lambda: _redact_all(messages), rounds) / 100 * 1e6, 1),
        "random_tokens_found": {
            str(n): _random_tokens(n, 1000, seed=n) for n in (20, 24, 32, 40, 64)
        },
        "missed": [text[:80] for text in missed],
        "flagged": [text[:80] for text in flagged],
    }


def main() -> dict[str, Any]:
    """Run the benchmark on the corpus of the test suite; prints and returns one JSON line."""
    from tests.base.secrets_corpus import ORDINARY, SECRETS

    result = bench_secrets(SECRETS, ORDINARY)
    sys.stdout.write(json.dumps(result) + "\n")
    return result


if __name__ == "__main__":
    main()
