"""``memoryd keys``: the tenant keys of ``memoryd serve``, and the data keys that seal
transcripts at rest (``new-data-key``, ``rotate-data``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of

if TYPE_CHECKING:
    from daemon.access.key_lifecycle import CreatedKey, Revoked
    from daemon.store.api_keys import KeyRecord

keys_app = typer.Typer(
    help="Tenant keys for `memoryd serve`: create (shown once), list, revoke. Data keys: "
    "new-data-key, rotate-data.",
    no_args_is_help=True,
)

ROLES = ("reader", "host", "agent", "admin")


@keys_app.command("create")
def create(
    ctx: typer.Context,
    tenant: Annotated[str, typer.Option(help="The tenant the key acts for ('' is the default).")],
    role: Annotated[
        str, typer.Option(help="reader: recall; host: + publish; agent: + memory tools; admin.")
    ],
    project: Annotated[
        list[str] | None,
        typer.Option(help="A project the key may name (repeatable; none: every project)."),
    ] = None,
    user: Annotated[
        str | None, typer.Option(help="Bind the key to this user (default: any user).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Create a key and print it once: only its hash is kept."""
    from daemon.access.grant import Role
    from daemon.access.key_lifecycle import create_key
    from daemon.base.clock import SystemClock
    from daemon.cli.common import open_store

    if role not in ROLES:
        fail(f"--role must be one of {', '.join(ROLES)}", code=2)

    async def run() -> CreatedKey:
        async with open_store(settings_of(ctx)) as store:
            return await create_key(
                store,
                SystemClock(),
                tenant=tenant,
                projects=project or (),
                user=user,
                role=Role(role),
            )

    try:
        created = run_async(run())
    except MemorydError as exc:
        fail(str(exc))
    record, key = created.record, created.key
    if as_json:
        typer.echo(json.dumps({"key": key, **record.as_dict()}))
        return
    typer.echo(key)
    typer.echo(
        f"key {record.key_id}: tenant {record.tenant!r}, role {record.role}, projects "
        f"{', '.join(record.projects) or 'any'}, user {record.user or 'any'}. "
        "Keep the key now: it is not shown again.",
        err=True,
    )


@keys_app.command("list")
def list_command(
    ctx: typer.Context,
    tenant: Annotated[str | None, typer.Option(help="Only this tenant's keys.")] = None,
    revoked: Annotated[bool, typer.Option("--revoked", help="Show revoked keys too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON array.")] = False,
) -> None:
    """List keys (their ids and bounds; never the keys)."""
    from daemon.access.key_lifecycle import find_keys
    from daemon.cli.common import open_store

    async def run() -> list[KeyRecord]:
        async with open_store(settings_of(ctx)) as store:
            return await find_keys(store, tenant=tenant, revoked=revoked)

    try:
        records = run_async(run())
    except MemorydError as exc:
        fail(str(exc))
    rows = [r.as_dict() for r in records]
    if as_json:
        typer.echo(json.dumps(rows))
        return
    for row in rows:
        state = f"revoked {row['revoked_at']}" if row["revoked_at"] else "live"
        typer.echo(
            f"{row['key_id']}  tenant={row['tenant']!r}  role={row['role']}  "
            f"projects={','.join(row['projects']) or '*'}  user={row['user'] or '*'}  "
            f"created {row['created_at']}  {state}"
        )


@keys_app.command("revoke")
def revoke_command(
    ctx: typer.Context,
    key_id: Annotated[str, typer.Argument(help="The key's id (from `memoryd keys list`).")],
) -> None:
    """Revoke a key: once this returns, every serve process refuses it (through Redis; if
    Redis cannot be told, within MEMORYD_API__KEY_CACHE_S, and this says so)."""
    from daemon.access.key_lifecycle import revoke
    from daemon.cli.common import container_of

    async def run() -> Revoked | None:
        async with container_of(ctx) as built:
            return await revoke(
                built.store, built.clock, key_id, redis=built.redis, keys=built.keys
            )

    try:
        done = run_async(run())
    except MemorydError as exc:
        fail(str(exc))
    if done is None:
        fail(f"no live key {key_id!r} (see `memoryd keys list`)")
    if done.announced:
        typer.echo(f"revoked {key_id}: every serve process refuses it from now on")
    else:
        cache_s = settings_of(ctx).api.key_cache_s
        typer.echo(
            f"revoked {key_id}, but Redis could not be told: serve processes that resolved "
            f"it may accept it for up to {cache_s:g} s more (MEMORYD_API__KEY_CACHE_S)"
        )


@keys_app.command("new-data-key")
def new_data_key(
    key_id: Annotated[str, typer.Argument(help="The new key's id, e.g. k2 or 2026-11.")],
) -> None:
    """Print a new data key line (KEY_ID:BASE64_OF_32_BYTES) to put first in
    MEMORYD_DATA__KEYS or the key file (then restart memoryd's processes and run `memoryd keys
    rotate-data`)."""
    from daemon.base.sealing import new_key_line

    try:
        typer.echo(new_key_line(key_id))
    except MemorydError as exc:
        fail(str(exc), code=2)


@keys_app.command("rotate-data")
def rotate_data(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Seal every transcript value, spilled output and memory tag with the primary data key
    (clear ones too, once a key is configured), in batches while memoryd runs; resumable:
    run it again after an interruption. Progress goes to standard error."""
    from daemon.cli.common import open_store
    from daemon.store.rotation import Rotated, rotate
    from daemon.store.truncation import TruncationStore

    settings = settings_of(ctx)
    last: dict[str, int] = {}

    def progress(what: str, resealed: int, unreadable: int) -> None:
        if last.get(what) != resealed or unreadable:
            typer.echo(f"{what}: {resealed} resealed, {unreadable} unreadable", err=True)
        last[what] = resealed

    async def run() -> Rotated:
        async with open_store(settings) as store:
            truncation = TruncationStore(settings.truncation.dir, store.sealer)
            batch = settings.data.rotate_batch
            return await rotate(store, truncation, batch=batch, progress=progress)

    try:
        done = run_async(run())
    except MemorydError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(done.as_dict()))
    else:
        resealed, unreadable = sum(done.resealed.values()), sum(done.unreadable.values())
        typer.echo(f"rotated to key {done.primary}: {resealed} resealed, {unreadable} unreadable")
    if any(done.unreadable.values()):
        bad = ", ".join(f"{k} {v}" for k, v in done.unreadable.items() if v)
        fail(f"left as they were, not opening with any configured key: {bad}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(keys_app, name="keys")
