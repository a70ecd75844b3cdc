"""``./dev bench recall-quality``: recall@5, MRR@10 and the dedup threshold (registered on
``bench``)."""

from __future__ import annotations

import json
from typing import Annotated

import sqlalchemy as sa
import typer

from daemon.base.errors import MemorydError
from daemon.base.settings import normalize_database_url
from daemon.cli.program import fail, run_async, settings_of
from daemon.recall.fusion import DEFAULT, FusionSettings
from tests.bench.cli.app import Json, bench_app


@bench_app.command("recall-quality")
def recall_quality(
    ctx: typer.Context,
    as_json: Json = False,
    postgres: Annotated[
        str | None,
        typer.Option(
            "--postgres",
            metavar="URL",
            help="A PostgreSQL server to search on too (a scratch database is created beside "
            "it and dropped); default: MEMORYD_DATABASE_URL when it is PostgreSQL.",
        ),
    ] = None,
    keyword_weight: Annotated[
        float, typer.Option(help="The keyword ranking's largest weight in the fusion.", min=0.0)
    ] = DEFAULT.keyword_weight,
    vector_weight: Annotated[
        float, typer.Option(help="The vector ranking's weight in the fusion.", min=0.0)
    ] = DEFAULT.vector_weight,
    depth: Annotated[
        int, typer.Option(help="Candidates taken from each ranking before fusing.", min=1)
    ] = DEFAULT.depth,
    k: Annotated[int, typer.Option("--k", help="RRF's constant k.", min=0)] = DEFAULT.k,
    coverage_power: Annotated[
        float,
        typer.Option(
            help="How sharply the keyword weight falls with its best match's coverage of the "
            "query (0: plain weighted RRF).",
            min=0.0,
        ),
    ] = DEFAULT.coverage_power,
    runtime: Annotated[
        str, typer.Option(help="The local model's runtime: torch or numpy (the same vectors).")
    ] = "torch",
    tune: Annotated[
        bool,
        typer.Option(
            "--sweep",
            help="Also fuse the tuning half's rankings again for each keyword weight, k, depth "
            "and coverage power of a sweep.",
        ),
    ] = False,
) -> None:
    """Recall@5 and MRR@10 of keyword, vector and hybrid search over the labelled set, per
    query kind, with the local model (the extra ``memoryd[local]``), and the precision and
    recall of semantic dedup at thresholds 0.80 to 0.97.

    Targets: hybrid recall@5 at least 0.9 on paraphrased queries and never below keyword on
    literal ones; a dedup threshold with precision at least 0.95.
    """
    from daemon.embeddings.local import EXTRA_HINT, LocalEmbedder, available
    from tests.bench.quality import bench_quality

    if runtime not in ("torch", "numpy"):
        fail(f"unknown runtime {runtime!r}: torch or numpy")
    if not available():
        fail(f"the recall-quality bench needs the local model: {EXTRA_HINT}")
    settings = settings_of(ctx)
    try:
        url = normalize_database_url(postgres) if postgres else None
        if url is None and settings.database_url.startswith("postgresql"):
            url = settings.database_url
        result = run_async(
            bench_quality(
                LocalEmbedder(runtime="numpy" if runtime == "numpy" else "torch"),
                postgres_url=url,
                fusion=FusionSettings(
                    keyword_weight=keyword_weight,
                    vector_weight=vector_weight,
                    k=k,
                    depth=depth,
                    coverage_power=coverage_power,
                ),
                tune=tune,
            )
        )
    except (MemorydError, ValueError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    if as_json:
        typer.echo(json.dumps(result))
        return
    for line in lines(result):
        typer.echo(line)


def lines(result: dict[str, object]) -> list[str]:
    """The figures for people: a line per backend, mode and query kind, then dedup."""
    out = [f"set       {json.dumps(result['set'])}", f"embedder  {json.dumps(result['embedder'])}"]
    out.append(f"hybrid    {json.dumps(result['hybrid'])}")
    rows = result["results"]
    for split in ("all", "tuning", "held-out"):  # the whole set first, then its halves
        for row in rows:  # type: ignore[attr-defined]
            if row["split"] != split:
                continue
            where = row["backend"] if split == "all" else f"{row['backend']} {split}"
            out.append(
                f"{where:>10} {row['mode']:>7} {row['kind']:>11} ({row['queries']:>3})  "
                f"recall@5 {row['recall_at_5']:.3f}  MRR@10 {row['mrr_at_10']:.3f}"
            )
    dedup = result["dedup"]
    for row in dedup["curve"]:  # type: ignore[index]
        out.append(
            f"dedup at {row['threshold']:.2f}  precision {row['precision']:.3f}  "
            f"recall {row['recall']:.3f}  merged {row['merged']}"
        )
    out.append(f"dedup threshold chosen: {dedup['chosen_threshold']}")  # type: ignore[index]
    for row in dedup["in_scope"]["curve"]:  # type: ignore[index]
        out.append(
            f"dedup in scope at {row['threshold']:.2f}  precision {row['precision']:.3f}  "
            f"recall {row['recall']:.3f}  merged {row['merged']}"
        )
    chosen = dedup["in_scope"]["chosen_threshold"]  # type: ignore[index]
    out.append(f"dedup in scope threshold chosen: {chosen}")
    out.append(f"targets   {json.dumps(result['targets'])}")
    for row in result.get("sweep", []):  # type: ignore[attr-defined]
        out.append(
            f"sweep tuning coverage^{row['coverage_power']:.0f} "
            f"keyword {row['keyword_weight']:.2f} vector {row['vector_weight']:.2f} "
            f"k {row['k']:>2} depth {row['depth']:>2}  paraphrased recall@5 "
            f"{row['paraphrased_recall_at_5']:.3f} MRR@10 {row['paraphrased_mrr_at_10']:.3f}  "
            f"literal recall@5 {row['literal_recall_at_5']:.3f} "
            f"MRR@10 {row['literal_mrr_at_10']:.3f}"
        )
    for note in result["skipped"]:  # type: ignore[attr-defined]
        out.append(f"skipped: {note}")
    return out
