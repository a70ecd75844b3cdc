"""``POST /v1/recall/stitch`` and the injection block's windows of earlier sessions over
HTTP: bound by the key's tenant, projects and user like every recall route (a session the
key does not see is a 404 like a missing one), the budget validated and kept, and each body
the shape the OpenAPI document says."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.access.grant import Role
from daemon.api.bodies import InjectionOut, StitchOut
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate
from tests.recall.sessions import said, store_session, turn

pytestmark = [pytest.mark.redis]

ALICE = {"project": "billing", "user": "alice", "tenant": "acme"}


async def test_stitch_and_the_block_over_http_within_the_keys_scope(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        rt = api.ctx.container
        await store_session(
            rt,
            "s-1",
            [
                turn("s-1", 1, ALICE, user="Refunds fail on the webhook.", assistant="Retrying."),
                turn("s-1", 2, ALICE, summary="Refund webhooks now retry three times."),
            ],
        )
        await store_session(rt, "s-2", said("s-2", ALICE, "Invoices render as PDF/A.", day=1))
        body = {"session": "s-2", "query": "refund webhook", "budget_tokens": 300}

        alice = await api.key(Role.READER, user="alice")
        async with api.client(alice) as client:
            answer = await client.post("/v1/recall/stitch", json=body)
            assert answer.status_code == 200, answer.text
            found = StitchOut.model_validate(answer.json())
            assert found.mode == "keyword" and found.chars <= 300 * 3.2
            assert "turn 1 (user) Refunds fail on the webhook." in found.text
            assert [w.session_id for w in found.windows] == ["s-1", "s-2"]
            assert [w.expanded for w in found.windows] == [True, False]
            small = await client.post("/v1/recall/stitch", json=body | {"budget_tokens": 10})
            assert small.status_code == 422
            extra = await client.post("/v1/recall/stitch", json=body | {"scope": "x"})
            assert extra.status_code == 422
            block = await client.get(
                "/v1/recall/injection",
                params={"query": "invoices", "session": "s-9", "user": "alice"},
            )
            shown = InjectionOut.model_validate(block.json())
            assert shown.session_mode == "keyword"
            assert [f.session_id for f in shown.fragments] == ["s-2"]
            own = await client.get(
                "/v1/recall/injection", params={"query": "invoices", "session": "s-2"}
            )
            assert own.json()["fragments"] == []  # the host's own session is not "earlier"

        async with api.client() as anonymous:
            assert (await anonymous.post("/v1/recall/stitch", json=body)).status_code == 401
        for key in (
            await api.key(Role.READER, user="bob"),  # another user's session
            await api.key(Role.READER, projects=("web",)),  # another project
            await api.key(Role.READER, tenant="globex"),  # another tenant
        ):
            async with api.client(key) as client:
                refused = await client.post("/v1/recall/stitch", json=body)
                assert refused.status_code == 404, refused.text
                assert refused.json()["error"]["code"] == "not_found"
        outside = await api.key(Role.READER, user="alice")
        async with api.client(outside) as client:
            other = await client.post("/v1/recall/stitch", json=body | {"project": "web"})
            assert other.status_code == 403


async def test_a_bad_body_without_a_key_is_refused_for_the_key_first(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    """The key is checked before the body is read: no key is a 401 whatever the body, and
    with a key a body that is not JSON is a 400, one of the wrong shape a 422."""
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        async with api.client() as anonymous:
            for body in ({"session": 3}, {"budget_tokens": 1}):
                answer = await anonymous.post("/v1/recall/stitch", json=body)
                assert answer.status_code == 401, answer.text
        async with api.client(await api.key(Role.READER)) as client:
            broken = await client.post(
                "/v1/recall/stitch",
                content=b"{not json",
                headers={"content-type": "application/json"},
            )
            assert broken.status_code == 400 and broken.json()["error"]["code"] == "malformed_body"
            wrong = await client.post("/v1/recall/stitch", json={"session": 3})
            assert wrong.status_code == 422
