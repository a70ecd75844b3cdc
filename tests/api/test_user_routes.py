"""``DELETE /v1/users/{user}`` on SQLite and PostgreSQL: an admin key erases any user of its
tenant, a key bound to a user erases that user only, the answer says what was erased, and
every other key is refused (another tenant's admin erases nothing here)."""

from __future__ import annotations

from typing import Any

import pytest

from daemon.access.grant import Role
from tests.api.in_process import Api

pytestmark = [pytest.mark.redis]

TABS = "Alice prefers tabs to spaces in every Python file."
BOB = "Bob prefers reviews in the morning before standup."


async def save(api: Api, key: str, **body: Any) -> str:
    async with api.client(key) as client:
        response = await client.post("/v1/memories", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


async def test_a_user_is_erased_by_an_admin_or_by_its_own_key_only(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    bob = await api.key(Role.AGENT, user="bob")
    tabs = await save(api, alice, type="user", title="Tabs", content=TABS)
    mornings = await save(api, bob, type="user", title="Reviews", content=BOB)

    for key, code in (
        (alice, "scope_outside_key"),  # another user
        (await api.key(Role.AGENT), "role_too_weak"),  # bound to no user, not an admin
        (await api.key(Role.READER, user="bob"), "role_too_weak"),
    ):
        async with api.client(key) as client:
            refused = await client.delete("/v1/users/bob")
            assert refused.status_code == 403, refused.text
            assert refused.json()["error"]["code"] == code
    foreign = await api.key(Role.ADMIN, tenant="globex", projects=())
    async with api.client(foreign) as client:
        elsewhere = await client.delete("/v1/users/bob")
        assert elsewhere.status_code == 200 and elsewhere.json()["removed"].get("memories", 0) == 0
    async with api.client(bob) as client:
        assert (await client.get(f"/v1/memories/{mornings}")).status_code == 200

    admin = await api.key(Role.ADMIN, projects=())
    async with api.client(alice) as client:
        erased = await client.delete("/v1/users/alice")
        assert erased.status_code == 200, erased.text
        body = erased.json()
        assert (body["user"], body["tenant"], body["projects"]) == ("alice", "acme", ["billing"])
        assert body["removed"]["memories"] == 1
    async with api.client(await api.key(Role.AGENT, user="alice")) as client:  # a new key
        assert (await client.get(f"/v1/memories/{tabs}")).status_code == 404
    async with api.client(admin) as client:
        erased = await client.delete("/v1/users/bob")
        assert erased.status_code == 200 and erased.json()["projects"] is None
        assert erased.json()["removed"]["memories"] == 1
    async with api.client(await api.key(Role.AGENT, user="bob")) as client:
        assert (await client.get(f"/v1/memories/{mornings}")).status_code == 404


async def test_an_erased_users_keys_answer_401_from_the_next_request(api: Api) -> None:
    """The keys bound to the erased user are revoked with the erasure (the key that erased
    itself included); another user's key, and the user's key that also allows a project the
    erasure did not cover, keep working."""
    alice = await api.key(Role.AGENT, user="alice")
    alice_host = await api.key(Role.HOST, user="alice")
    alice_wider = await api.key(Role.AGENT, projects=("billing", "web"), user="alice")
    bob = await api.key(Role.AGENT, user="bob")
    await save(api, alice, type="user", title="Tabs", content=TABS)
    for key in (alice, alice_host, alice_wider, bob):
        async with api.client(key) as client:
            before = await client.get("/v1/memories", params={"project": "billing"})
            assert before.status_code == 200, before.text

    async with api.client(alice) as client:
        erased = await client.delete("/v1/users/alice")
        assert erased.status_code == 200, erased.text
        assert erased.json()["removed"]["api_keys_revoked"] == 2
        after = await client.get("/v1/memories", params={"project": "billing"})
        assert after.status_code == 401, after.text
        assert after.json()["error"]["code"] == "key_revoked"
    async with api.client(alice_host) as client:
        refused = await client.get("/v1/memories", params={"project": "billing"})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "key_revoked"
    for key in (alice_wider, bob):
        async with api.client(key) as client:
            kept = await client.get("/v1/memories", params={"project": "billing"})
            assert kept.status_code == 200, kept.text

    admin = await api.key(Role.ADMIN, projects=())
    async with api.client(admin) as client:
        erased = await client.delete("/v1/users/alice")
        assert erased.json()["removed"]["api_keys_revoked"] == 1
    async with api.client(alice_wider) as client:
        assert (await client.get("/v1/memories")).status_code == 401
