"""``/readyz`` and ``/statusz`` take no key: their verdicts name checks, never a tenant's
session (nor a backend's error text); ``memoryd status``, run by an operator, still names
them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from daemon.base.settings import HealthSettings
from daemon.health.report import Backlog, RedisInfo, Status
from daemon.health.verdict import judge
from daemon.store.db import Store
from daemon.store.tables import sessions, turns
from tests.api.conftest import Served
from tests.backends import run_blocking

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

SESSION = "acme-private-session-7f3a"


def _stale_session(served: Served) -> None:
    """A session of tenant acme whose turn has waited three hours for extraction."""
    then = datetime.now(UTC) - timedelta(hours=3)
    scope = {"tenant": "acme", "project": "billing", "user": "alice"}

    async def insert() -> None:
        store = Store.from_url(served.database_url, pool_size=1)
        try:
            async with store.begin() as conn:
                await conn.execute(
                    sessions.insert().values(
                        session_id=SESSION,
                        **scope,
                        first_seen_at=then,
                        last_event_at=then,
                        last_turn=0,
                    )
                )
                await conn.execute(
                    turns.insert().values(
                        session_id=SESSION,
                        turn=0,
                        **scope,
                        event_id=f"{SESSION}:0",
                        kind="turn",
                        at=then,
                        received_at=then,
                        message_count=1,
                        main_agent_saved=False,
                    )
                )
        finally:
            await store.close()

    run_blocking(insert)


def test_readyz_names_no_session_of_any_tenant(served: Served) -> None:
    _stale_session(served)
    response = httpx.get(f"{served.base_url}/statusz", timeout=30)
    findings = response.json()["findings"]
    assert any(f["check"] == "backlog" for f in findings), findings  # the verdict is there
    ready = httpx.get(f"{served.base_url}/readyz", timeout=30)
    for told in (response.text, ready.text):
        assert SESSION not in told
        assert "acme" not in told and "alice" not in told


def test_the_operators_status_still_names_what_readyz_leaves_out() -> None:
    status = Status(
        at=datetime.now(UTC),
        redis=RedisInfo(reachable=True),
        store_reachable=False,
        store_error="OSError: connect to db.internal:5432 refused",
        backlog=Backlog(oldest_backlog_s=3 * 3600.0, oldest_session=SESSION),
    )
    judge(status, HealthSettings(worker_required=False))
    told = {f["check"]: f["message"] for f in status.as_dict()["findings"]}
    assert SESSION in told["backlog"] and "db.internal" in told["store"]
    public = {f.check: f.message for f in status.findings}
    assert SESSION not in public["backlog"] and "db.internal" not in public["store"]
