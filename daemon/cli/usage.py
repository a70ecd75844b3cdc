"""``memoryd usage``: what extraction spent and wrote per tenant, project and UTC day, what
each keeps stored; ``memoryd usage budget``: the tenants' daily token budgets."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

import typer

from daemon.cli.common import Json, Project, Tenant, emit_json, open_store, print_table
from daemon.cli.program import fail, run_async, settings_of

usage_app = typer.Typer(
    help="Usage per tenant, project and UTC day: tokens (prompt, completion, cached), model "
    "calls, runs by outcome, memories written; bytes stored now (transcripts, memories); "
    "and the tenants' daily token budgets (`memoryd usage budget`).",
    invoke_without_command=True,
)
budget_app = typer.Typer(
    help="Daily token budgets per tenant (prompt + completion tokens of extraction, per UTC "
    "day). soft: a warning (log, metric, `memoryd status`); hard: the tenant's extraction "
    "pauses (runs recorded as budget_exceeded, nothing lost) until the next UTC day or a "
    "raised budget.",
    no_args_is_help=True,
)

DAY_COLUMNS = [
    "day",
    "tenant",
    "project",
    "runs",
    "outcomes",
    "model_calls",
    "prompt_tokens",
    "completion_tokens",
    "cached_tokens",
    "memories_written",
]
STORED_COLUMNS = ["tenant", "project", "transcript_bytes", "memory_bytes"]
BUDGET_COLUMNS = ["tenant", "mode", "daily_tokens", "used_today", "exceeded", "updated_at"]


@usage_app.callback()
def usage_command(
    ctx: typer.Context,
    tenant: Tenant = None,
    project: Project = None,
    since: Annotated[
        date | None,
        typer.Option(formats=["%Y-%m-%d"], help="From this UTC day (YYYY-MM-DD), inclusive."),
    ] = None,
    until: Annotated[
        date | None,
        typer.Option(formats=["%Y-%m-%d"], help="To this UTC day (YYYY-MM-DD), inclusive."),
    ] = None,
    as_json: Json = False,
) -> None:
    """Usage per tenant, project and UTC day (the newest first), bytes stored now, budgets."""
    if ctx.invoked_subcommand is not None:
        return
    from daemon.admin.usage_admin import UsageFilter, usage_report
    from daemon.base.clock import SystemClock

    if since is not None and until is not None and since > until:
        fail("--since is after --until", code=2)
    where = UsageFilter(tenant, project, _day(since), _day(until))

    async def run() -> dict[str, Any]:
        async with open_store(settings_of(ctx)) as store, store.connect() as conn:
            return await usage_report(conn, where, SystemClock().now())

    report = run_async(run())
    if as_json:
        emit_json(report)
        return
    days = [r | {"outcomes": _outcomes(r["by_outcome"])} for r in report["days"]]
    print_table(days, DAY_COLUMNS, title="Usage per UTC day", empty="no usage recorded")
    print_table(report["stored"], STORED_COLUMNS, title="Stored now", empty="nothing stored")
    if report["budgets"]:
        print_table(report["budgets"], BUDGET_COLUMNS, title="Budgets")


def _day(value: date | None) -> date | None:
    return None if value is None else date(value.year, value.month, value.day)


def _outcomes(by_outcome: dict[str, int]) -> str:
    return " ".join(f"{outcome}={n}" for outcome, n in sorted(by_outcome.items()))


@budget_app.command("set")
def budget_set(
    ctx: typer.Context,
    tenant: Annotated[str, typer.Argument(metavar="TENANT", help="The tenant ('' the default).")],
    daily_tokens: Annotated[
        int,
        typer.Option(
            "--daily-tokens",
            min=0,
            help="Prompt + completion tokens per UTC day.",
            show_default=False,
        ),
    ],
    mode: Annotated[
        str, typer.Option(help="soft: warn only; hard: pause the tenant's extraction.")
    ] = "soft",
) -> None:
    """Set (or replace) a tenant's daily token budget."""
    from daemon.base.clock import SystemClock
    from daemon.store import usage

    if mode not in usage.MODES:
        fail("--mode must be soft or hard", code=2)

    async def run() -> None:
        async with open_store(settings_of(ctx)) as store, store.begin() as conn:
            await usage.set_budget(
                conn, tenant, daily_tokens=daily_tokens, mode=mode, now=SystemClock().now()
            )

    run_async(run())
    typer.echo(f"budget of tenant {tenant!r}: {daily_tokens} tokens a day, {mode}")


@budget_app.command("clear")
def budget_clear(
    ctx: typer.Context,
    tenant: Annotated[str, typer.Argument(metavar="TENANT", help="The tenant.")],
) -> None:
    """Remove a tenant's budget (a paused tenant resumes at its next try)."""
    from daemon.store import usage

    async def run() -> bool:
        async with open_store(settings_of(ctx)) as store, store.begin() as conn:
            return await usage.clear_budget(conn, tenant)

    if not run_async(run()):
        fail(f"tenant {tenant!r} has no budget")
    typer.echo(f"budget of tenant {tenant!r} cleared")


@budget_app.command("list")
def budget_list(ctx: typer.Context, as_json: Json = False) -> None:
    """Every budget, with what its tenant spent today (UTC)."""
    from daemon.admin.usage_admin import UsageFilter, usage_report
    from daemon.base.clock import SystemClock

    async def run() -> dict[str, Any]:
        async with open_store(settings_of(ctx)) as store, store.connect() as conn:
            return await usage_report(conn, UsageFilter(), SystemClock().now())

    found = run_async(run())["budgets"]
    if as_json:
        emit_json(found)
    else:
        print_table(found, BUDGET_COLUMNS, empty="no budgets")


usage_app.add_typer(budget_app, name="budget")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(usage_app, name="usage")
