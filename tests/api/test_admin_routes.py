"""``GET /v1/dead-letters`` and ``GET /v1/keys`` with the real Redis, on SQLite and
PostgreSQL: admin keys only (every other role 403 ``role_too_weak``), inside the key's
tenant, dead letters a page at a time with an opaque cursor, keys never with their secret."""

from __future__ import annotations

import json
from typing import Any

import pytest

from daemon.access.grant import Role
from daemon.dispatcher.deadletter import dead_letter_fields
from tests.api.in_process import Api

pytestmark = [pytest.mark.redis]


async def _letter(api: Api, payload: bytes, reason: str, *, limit: int = 65_536) -> str:
    fields = dead_letter_fields(
        payload, reason, entry_id="1-0", at="2026-01-01T00:00:00Z", consumer="c-1",
        max_payload_bytes=limit,
    )  # fmt: skip
    return str((await api.ctx.redis.xadd(api.ctx.keys.dead, fields)).decode())


def _event(tenant: str | None, n: int) -> bytes:
    scope = {"project": "billing", **({"tenant": tenant} if tenant is not None else {})}
    return json.dumps({"v": 1, "event_id": f"e-{n}", "session_id": "s", "scope": scope}).encode()


async def test_only_admin_keys_read_dead_letters_and_keys(api: Api) -> None:
    for role in (Role.READER, Role.HOST, Role.AGENT):
        async with api.client(await api.key(role, projects=())) as client:
            for path in ("/v1/dead-letters", "/v1/keys"):
                refused = await client.get(path)
                assert refused.status_code == 403, refused.text
                assert refused.json()["error"]["code"] == "role_too_weak"
    async with api.client() as client:
        assert (await client.get("/v1/keys")).status_code == 401


async def test_dead_letters_of_the_keys_tenant_a_page_at_a_time(api: Api) -> None:
    ours = [await _letter(api, _event("acme", n), f"reason {n}") for n in range(5)]
    theirs = await _letter(api, _event("globex", 9), "not yours")
    unowned = await _letter(api, b"{not json", "unreadable")
    cut = await _letter(api, _event("acme", 7) + b" " * 100, "cut short", limit=40)
    admin = await api.key(Role.ADMIN, projects=())
    seen: list[dict[str, Any]] = []
    async with api.client(admin) as client:
        cursor = None
        for _ in range(10):
            params: dict[str, Any] = {"limit": 2, **({"cursor": cursor} if cursor else {})}
            page = await client.get("/v1/dead-letters", params=params)
            assert page.status_code == 200, page.text
            seen.extend(page.json()["dead_letters"])
            cursor = page.json()["next_cursor"]
            if cursor is None:
                break
        assert [letter["id"] for letter in seen] == [cut, *reversed(ours)]
        assert seen[0]["truncated"] is True and seen[-1]["reason"] == "reason 0"
        assert "payload" not in seen[0]
        bad = await client.get("/v1/dead-letters", params={"cursor": "p1" + "A" * 40})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_cursor"
        first = (await client.get("/v1/dead-letters", params={"limit": 1})).json()
    globex = await api.key(Role.ADMIN, tenant="globex", projects=())
    async with api.client(globex) as client:
        listed = (await client.get("/v1/dead-letters")).json()
        assert [letter["id"] for letter in listed["dead_letters"]] == [theirs]
        # a cursor of another tenant's list is refused
        other = await client.get("/v1/dead-letters", params={"cursor": first["next_cursor"]})
        assert other.status_code == 400
    assert unowned not in {letter["id"] for letter in seen}


async def test_keys_are_listed_without_their_secrets_inside_the_tenant(api: Api) -> None:
    admin = await api.key(Role.ADMIN, projects=())
    reader = await api.key(Role.READER, user="alice")
    await api.key(Role.HOST, tenant="globex")
    async with api.client(admin) as client:
        listed = (await client.get("/v1/keys")).json()["keys"]  # made at one time: by id
        listed.sort(key=lambda key: str(key["role"]))
        assert [key["role"] for key in listed] == ["admin", "reader"]
        assert listed[1]["user"] == "alice" and listed[1]["projects"] == ["billing"]
        assert {"key_id", "created_at", "revoked_at"} <= set(listed[0])
        assert not any(field in key for key in listed for field in ("key", "key_hash"))
        shown = json.dumps(listed)
        # a key is mdk_<id>_<secret>, and the secret may itself hold "_"
        assert admin.split("_", 2)[2] not in shown and reader.split("_", 2)[2] not in shown
        await client.delete("/v1/users/alice")  # revokes alice's key
        assert len((await client.get("/v1/keys")).json()["keys"]) == 1
        every = (await client.get("/v1/keys", params={"revoked": "true"})).json()["keys"]
        assert {key["role"]: key["revoked_at"] is not None for key in every} == {
            "admin": False, "reader": True,
        }  # fmt: skip


async def test_keys_a_page_at_a_time_with_a_cursor_of_this_list_only(api: Api) -> None:
    """Keys made at one time (ordered by id) and later ones, paged two at a time: each shown
    once, oldest first; a cursor of the list with revoked keys, or of another tenant, is a
    400 ``invalid_cursor``, as is a forged one."""
    admin = await api.key(Role.ADMIN, projects=())
    for _ in range(2):  # two more at the admin key's time, then two a second apart each
        await api.key(Role.READER)
    for _ in range(2):
        api.clock.advance(1)
        await api.key(Role.HOST)
    seen: list[dict[str, Any]] = []
    async with api.client(admin) as client:
        everything = (await client.get("/v1/keys")).json()
        assert everything["next_cursor"] is None and len(everything["keys"]) == 5
        cursor = None
        for _ in range(5):
            params: dict[str, Any] = {"limit": 2, **({"cursor": cursor} if cursor else {})}
            page = await client.get("/v1/keys", params=params)
            assert page.status_code == 200, page.text
            assert len(page.json()["keys"]) <= 2
            seen.extend(page.json()["keys"])
            cursor = page.json()["next_cursor"]
            if cursor is None:
                break
        assert seen == everything["keys"]
        order = [(key["created_at"], key["key_id"]) for key in seen]
        assert order == sorted(order) and [key["role"] for key in seen[3:]] == ["host", "host"]
        first = (await client.get("/v1/keys", params={"limit": 1})).json()["next_cursor"]
        with_revoked = {"revoked": "true", "cursor": first}
        for params in (with_revoked, {"cursor": "p1" + "A" * 40}):
            refused = await client.get("/v1/keys", params=params)
            assert refused.status_code == 400, refused.text
            assert refused.json()["error"]["code"] == "invalid_cursor"
    globex = await api.key(Role.ADMIN, tenant="globex", projects=())
    async with api.client(globex) as client:
        other = await client.get("/v1/keys", params={"cursor": first})
        assert other.status_code == 400 and other.json()["error"]["code"] == "invalid_cursor"
