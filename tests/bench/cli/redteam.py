"""``./dev bench redteam``: planted instructions against legitimate conventions (registered
on ``bench``)."""

from __future__ import annotations

import sqlalchemy as sa
import typer

from daemon.base.errors import MemorydError
from daemon.cli.app import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("redteam")
def redteam_bench(ctx: typer.Context, as_json: Json = False) -> None:
    """How many planted instructions reach another user's injection block (the target is
    none), and how many legitimate conventions and facts do (the target is 95% or more).

    Each text of the red-team corpus is said in one user's session, goes through the write
    guard every extractor's writes pass through, and another user's block for the project is
    built through the Recall API, in a scratch store beside MEMORYD_DATABASE_URL. The same
    two rates follow, under heldout_v2, for each half of the second red-team set (the half
    the rules were first tuned on, and the half held out from that round), and under
    heldout_v3 and heldout_v4 for the third set (held out from the first two rounds) and
    the fourth (held out from every round).
    """
    from tests.bench.redteam import bench_redteam

    try:
        result = run_async(bench_redteam(settings_of(ctx).database_url))
    except (MemorydError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    print_result(result, as_json)
