"""``./dev bench secrets``: the secret scanner on its corpus (registered on ``bench``)."""

from __future__ import annotations

from typing import Annotated

import typer

from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("secrets")
def secrets_bench(
    as_json: Json = False,
    rounds: Annotated[int, typer.Option(help="Timed passes per figure (best kept).", min=1)] = 20,
) -> None:
    """How many of the corpus's secrets are found, how many ordinary texts are flagged, and
    how fast redaction runs (MB/s over ordinary texts and over secrets, µs per 1.3 KB
    message), with the share of random tokens of each length found bare."""
    from tests.base.secrets_corpus import ORDINARY, SECRETS
    from tests.bench.secrets import bench_secrets

    print_result(bench_secrets(SECRETS, ORDINARY, rounds=rounds), as_json)
