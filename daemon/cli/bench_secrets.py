"""``memoryd bench secrets``: the secret scanner on its corpus (registered on ``bench``)."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.cli.app import fail
from daemon.cli.bench import Json, bench_app, print_result


@bench_app.command("secrets")
def secrets_bench(
    as_json: Json = False,
    rounds: Annotated[int, typer.Option(help="Timed passes per figure (best kept).", min=1)] = 20,
) -> None:
    """How many of the corpus's secrets are found, how many ordinary texts are flagged, and
    how fast redaction runs (MB/s over ordinary texts and over secrets, µs per 1.4 KB
    message); run from a checkout, where the corpus lives in the test suite."""
    from daemon.bench.secrets import bench_secrets

    try:
        from tests.unit.secrets_corpus import ORDINARY, SECRETS
    except ImportError:
        fail("the secrets corpus (tests/unit/secrets_corpus.py) is not importable here")
    print_result(bench_secrets(SECRETS, ORDINARY, rounds=rounds), as_json)
