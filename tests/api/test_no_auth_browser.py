"""``memoryd serve --no-auth`` on a loopback address trusts the machine, not every web page
its browser opens: a request naming another host (DNS rebinding) or sent from another
origin (a page's cross-origin POST needs no preflight as text/plain) is refused, so no page
reads or writes any tenant's memories. A local client (no Origin, a loopback Host) is
served as before."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from tests.api.conftest import Served, free_port, serve_env, start_serve, stop

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

MEMORIES = "/v1/memories"
SCOPE = {"project": "billing", "tenant": "acme"}
SAVE = {"type": "project", "title": "x", "content": "The billing service deploys from main."}


@pytest.fixture(scope="module")
def open_serve(stack: tuple[str, str]) -> Iterator[Served]:
    url, prefix = stack
    served = Served(f"http://127.0.0.1:{free_port()}", serve_env(url, prefix), url, prefix)
    process = start_serve(served, "--no-auth")
    yield served
    stop(process)


@pytest.mark.parametrize(
    "headers",
    [
        {"Host": "evil.example:8080"},
        {"Host": "evil.example:8080", "Origin": "http://evil.example:8080"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
    ],
)
def test_a_web_page_is_refused(open_serve: Served, headers: dict[str, str]) -> None:
    with httpx.Client(base_url=open_serve.base_url, timeout=30) as client:
        read = client.get(MEMORIES, params=SCOPE, headers=headers)
        write = client.post(
            MEMORIES,
            params=SCOPE,
            content=json.dumps(SAVE),
            headers={**headers, "Content-Type": "text/plain"},
        )
    for response in (read, write):
        assert response.status_code == 403, response.text
        assert response.json()["error"]["code"] == "foreign_origin"


@pytest.mark.parametrize(
    "headers", [{}, {"Host": "localhost:8080"}, {"Origin": "http://127.0.0.1:8080"}]
)
def test_a_local_client_is_served(open_serve: Served, headers: dict[str, str]) -> None:
    with httpx.Client(base_url=open_serve.base_url, timeout=30) as client:
        response = client.get(MEMORIES, params=SCOPE, headers=headers)
    assert response.status_code == 200, response.text
