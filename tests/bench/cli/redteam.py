"""``./dev bench redteam`` and ``./dev bench redteam-sets``: planted instructions against
legitimate conventions, and the attack sets end to end (registered on ``bench``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, get_args

import sqlalchemy as sa
import typer

from daemon.base.errors import MemorydError
from daemon.base.settings import MaintenanceSettings
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result

Sets = Annotated[
    str,
    typer.Option(
        "--sets", help="The attack sets to measure, comma-separated (A to L; A to G by default)."
    ),
]
Paths = Annotated[
    str,
    typer.Option("--paths", help="The paths, comma-separated (rules,llm,agent_http,agent_mcp)."),
]
Limit = Annotated[
    int | None, typer.Option("--limit", help="Only the first N cases of each kind.", min=1)
]
Markdown = Annotated[
    Path | None,
    typer.Option("--markdown", help="Also write the markdown tables to this file.", dir_okay=False),
]
KeepTranscripts = Annotated[
    str,
    typer.Option(
        "--keep-transcripts",
        help="How the store keeps transcripts (window, until_extracted): the setting "
        "MEMORYD_MAINTENANCE__KEEP_TRANSCRIPTS.",
    ),
]


@bench_app.command("redteam")
def redteam_bench(
    ctx: typer.Context,
    as_json: Json = False,
    with_sets: bool = typer.Option(True, "--sets/--no-sets"),
) -> None:
    """How many planted instructions reach another user's injection block (the target is
    none), and how many legitimate conventions and facts do (the target is 95% or more).

    Each text of the red-team corpus is said in one user's session, goes through the write
    guard every extractor's writes pass through, and another user's block for the project is
    built through the Recall API, in a scratch store beside MEMORYD_DATABASE_URL. The same
    two rates follow, under heldout_v2, for each half of the second red-team set (the half
    the rules were first tuned on, and the half held out from that round), and under
    heldout_v3 and heldout_v4 for the third set (held out from the first two rounds) and
    the fourth (held out from every round). Under `sets`, the attack sets of
    tests/redteam/sets measured end to end per path and writer (what `redteam-sets` prints).
    """
    from tests.bench.redteam import bench_redteam
    from tests.bench.redteam_sets import bench_sets

    try:
        result = run_async(bench_redteam(settings_of(ctx).database_url))
        if with_sets:
            result["sets"] = run_async(bench_sets())
    except (MemorydError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    print_result(result, as_json)


@bench_app.command("redteam-sets")
def redteam_sets_bench(
    as_json: Json = False,
    sets: Sets = "A,B,C,D,E,F,G",
    paths: Paths = "",
    limit: Limit = None,
    markdown: Markdown = None,
    keep_transcripts: KeepTranscripts = "window",
) -> None:
    """The attack sets of tests/redteam/sets end to end: per set, path (rules extractor, LLM
    extractor on the fake model that falls for every case, the main agent's save over HTTP
    and over MCP) and writer (a session with or without a user, an agent key bound to a
    user or to none), how many secrets are stored anywhere or reach another user's block,
    planted instructions refused, held for review or shared, and reaching another user
    (unquoted) in his block, HTTP search and list and MCP search, legitimate facts and
    conventions reaching their readers or held, junk and look-alikes kept, and dates stored
    and wrong; then, per path and writer, each of the issue's targets with pass or FAIL
    (`summary`). Each run has its own SQLite store and Redis stand-in; the HTTP app also
    opens the configured Redis (a private prefix). Without --json, markdown tables;
    --markdown FILE writes them there too (one run, both forms). --keep-transcripts
    until_extracted measures with transcripts kept only until extracted.
    """
    from tests.bench.redteam_sets import WRITERS, bench_sets, table

    names = tuple(s.strip().upper() for s in sets.split(",") if s.strip())
    chosen = tuple(p.strip() for p in paths.split(",") if p.strip()) or tuple(WRITERS)
    kinds = get_args(MaintenanceSettings.model_fields["keep_transcripts"].annotation)
    if keep_transcripts not in kinds:
        fail(f"--keep-transcripts: {keep_transcripts!r} is none of {', '.join(kinds)}")
    try:
        result = run_async(bench_sets(names, chosen, limit, keep_transcripts))
    except (MemorydError, sa.exc.SQLAlchemyError, OSError, KeyError) as exc:
        fail(str(exc).splitlines()[0])
    tables = f"{table(result)}\nseconds: {result['seconds']}"
    if markdown is not None:
        markdown.write_text(tables + "\n", encoding="utf-8")
    if as_json:
        print_result(result, as_json)
    else:
        typer.echo(tables)
