"""``python -m daemon.testing.fakellm``: serve the fake model by hand until Ctrl-C.

    python -m daemon.testing.fakellm --port 8999 --latency-ms 200 \
        --fail-rate 0.05 --fail-kinds 429,500

Then point any OpenAI client at ``http://127.0.0.1:8999/v1`` with any API key. The
default policy answers every request with a single ``memory_done`` tool call.
"""

from __future__ import annotations

import argparse
import signal
import threading
from collections.abc import Sequence

from .embeddings import DEFAULT_DIMS
from .faults import DEFAULT_KINDS
from .server import FakeLLM
from .styles import STYLES


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m daemon.testing.fakellm", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8999, help="0 picks a free port")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="added to every request")
    parser.add_argument("--fail-rate", type=float, default=0.0, help="fraction of faults, 0-1")
    parser.add_argument(
        "--fail-kinds",
        default=",".join(DEFAULT_KINDS),
        help="comma-separated: HTTP statuses, timeout, drop, malformed_json",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the fault RNG")
    parser.add_argument("--model", action="append", help="model names listed by /v1/models")
    parser.add_argument(
        "--embedding-dims",
        type=int,
        default=DEFAULT_DIMS,
        help="size of /v1/embeddings vectors when a request names no dimensions",
    )
    parser.add_argument(
        "--style",
        default="plain",
        choices=STYLES,
        help="how answers are shaped (a model name's @style overrides it)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    fake = FakeLLM(
        host=args.host,
        port=args.port,
        latency_s=args.latency_ms / 1000,
        models=tuple(args.model or ("fake-model",)),
        style=args.style,
        embedding_dims=args.embedding_dims,
    )
    if args.fail_rate > 0:
        fake.fail_rate(args.fail_rate, args.fail_kinds.split(","), seed=args.seed)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    with fake:
        print(f"fakellm serving {fake.base_url} (Ctrl-C to stop)", flush=True)  # noqa: T201
        stop.wait()
    print(  # noqa: T201
        f"fakellm stopped after {fake.calls} requests: {fake.served}, "
        f"{fake.embeddings.calls} embedding requests"
    )


if __name__ == "__main__":
    main()
