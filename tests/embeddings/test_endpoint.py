"""OpenAIEmbedder through the real ``openai`` client against the fake server over HTTP:
batches, order, normalization, ``dimensions``, errors classified as the model calls' are,
the provider breaker, and a key that is never logged."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import httpx2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from structlog.testing import capture_logs

from daemon.app.redis_standin import standin_redis
from daemon.base.clock import FakeClock
from daemon.base.embedding import EmbeddingFailed, cosine, unit
from daemon.base.text import storable
from daemon.embeddings.endpoint import (
    BreakerOpen,
    EndpointFailed,
    OpenAIEmbedder,
    classify,
    open_client,
)
from daemon.extraction.llm.breaker import BreakerPolicy, RedisBreaker
from daemon.testing.fakellm import FakeLLM, drop, error, fake_vector, malformed_json, timeout

DIMS = 32
_OPEN: list[OpenAIEmbedder] = []


@pytest.fixture(autouse=True)
async def _close_clients() -> AsyncIterator[None]:
    """Every embedder a test made is closed after it (no connection left open)."""
    yield
    while _OPEN:
        await _OPEN.pop().aclose()


def embedder(base_url: str, **options: Any) -> OpenAIEmbedder:
    client = open_client(
        base_url=base_url,
        api_key=options.pop("api_key", None),
        timeout_s=options.pop("timeout_s", 5.0),
        connect_timeout_s=5.0,
    )
    options.setdefault("dims", DIMS)
    options.setdefault("send_dimensions", True)
    made = OpenAIEmbedder(client, model=options.pop("model", "fake-embedding"), **options)
    _OPEN.append(made)
    return made


@pytest.fixture
async def fake() -> AsyncIterator[FakeLLM]:
    async with FakeLLM(embedding_dims=DIMS) as server:
        yield server


async def test_texts_come_back_in_order_normalized_in_batches(fake: FakeLLM) -> None:
    e = embedder(fake.base_url, batch_size=2)
    texts = ["ingest uses NATS", "the billing queue", "RabbitMQ broker", "a", "b c"]
    vectors = await e.embed(texts)
    assert vectors == [unit(fake_vector(t, DIMS, "fake-embedding")) for t in texts]
    assert all(abs(sum(v * v for v in vector) - 1.0) < 1e-9 for vector in vectors)
    assert [r["input"] for r in fake.embeddings.requests] == [texts[0:2], texts[2:4], texts[4:]]
    assert (fake.embeddings.calls, fake.embeddings.texts) == (3, 5)
    assert e.space == f"openai:fake-embedding:{DIMS}" and e.dims == DIMS
    assert await e.embed([]) == [] and fake.embeddings.calls == 3  # nothing to send


async def test_hostile_texts_are_sent_as_encoders_take_them_and_blanks_not_at_all(
    fake: FakeLLM,
) -> None:
    texts = ["a\x00b", "", "lone \ud800 surrogate", "   ", "\u202e rtl 👩\u200d👩\u200d👧"]
    vectors = await embedder(fake.base_url, batch_size=2).embed(texts)
    assert [r["input"] for r in fake.embeddings.requests] == [
        ["a\ufffdb", "lone \ufffd surrogate"],
        ["\u202e rtl 👩\u200d👩\u200d👧"],
    ]
    assert vectors[1] == vectors[3] == [0.0] * DIMS  # blank: similar to nothing
    assert vectors[0] == unit(fake_vector("a\ufffdb", DIMS, "fake-embedding"))
    assert await embedder(fake.base_url).embed(["", " "]) == [[0.0] * DIMS] * 2
    assert fake.embeddings.calls == 2  # nothing sent for blanks alone


async def test_dimensions_are_sent_only_when_set(fake: FakeLLM) -> None:
    await embedder(fake.base_url, dims=8).embed(["x"])
    await embedder(fake.base_url, send_dimensions=False).embed(["x"])
    sent = fake.embeddings.requests
    assert sent[0]["dimensions"] == 8 and "dimensions" not in sent[1]
    assert sent[0]["model"] == "fake-embedding" and sent[0]["encoding_format"] == "float"


async def test_texts_sharing_words_are_closer_than_texts_sharing_none(fake: FakeLLM) -> None:
    a, b, c = await embedder(fake.base_url).embed(
        ["ingest moved to NATS JetStream", "which queue does ingest use", "the user likes vim"]
    )
    assert cosine(a, b) > cosine(a, c)


def _shuffled(request: httpx2.Request) -> httpx2.Response:
    body = json.loads(request.content)
    data = [
        {"object": "embedding", "index": i, "embedding": [float(i + 1), 0.0, 0.0]}
        for i in range(len(body["input"]))
    ]
    return httpx2.Response(
        200,
        json={
            "object": "list",
            "model": body["model"],
            "data": data[::-1],
            "usage": {"prompt_tokens": 1, "total_tokens": 1},
        },
    )


async def test_the_answer_is_put_back_in_input_order_by_index() -> None:
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(_shuffled))
    client = open_client(
        base_url="http://embed.test/v1",
        api_key="k",
        timeout_s=5,
        connect_timeout_s=5,
        http_client=http,
    )
    e = OpenAIEmbedder(client, model="m", dims=3)
    assert await e.embed(["a", "b", "c"]) == [[1.0, 0, 0], [1.0, 0, 0], [1.0, 0, 0]]
    raw = [v for v in (await client.embeddings.create(input=["a", "b"], model="m")).data]
    assert [item.index for item in raw] == [1, 0]  # the endpoint did answer out of order
    await client.close()
    await http.aclose()


@pytest.mark.parametrize(
    ("reply", "transient", "status"),
    [
        (error(429, "slow down", retry_after=1), True, 429),
        (error(500, "boom"), True, 500),
        (error(503, "overloaded"), True, 503),
        (error(408, "request timeout"), True, 408),
        (drop(), True, None),
        (malformed_json(), True, None),
        (error(401, "Incorrect API key provided."), False, 401),
        (error(403, "forbidden"), False, 403),
        (error(404, "The model `nope` does not exist"), False, 404),
        (error(400, "input too long"), False, 400),
    ],
)
async def test_failures_are_transient_or_permanent_as_model_calls_are(
    fake: FakeLLM, reply: Any, transient: bool, status: int | None
) -> None:
    fake.embeddings.script([reply])
    with pytest.raises(EmbeddingFailed) as caught:
        await embedder(fake.base_url).embed(["x"])
    assert isinstance(caught.value, EndpointFailed)
    assert caught.value.transient is transient
    assert caught.value.status == status


async def test_a_timeout_is_transient(fake: FakeLLM) -> None:
    fake.embeddings.script([timeout(30)])
    with pytest.raises(EndpointFailed, match="timed out") as caught:
        await embedder(fake.base_url, timeout_s=0.2).embed(["x"])
    assert caught.value.transient


class WrongAnswers:
    """An endpoint that answers with the wrong count or size of vectors."""

    def __init__(self, count: int, size: int) -> None:
        self.count, self.size = count, size

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        data = [
            {"object": "embedding", "index": i, "embedding": [1.0] * self.size}
            for i in range(self.count)
        ]
        return httpx2.Response(
            200,
            json={
                "object": "list",
                "model": "m",
                "data": data,
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            },
        )


@pytest.mark.parametrize(
    ("count", "size", "transient", "match"),
    [(1, 4, True, "1 embeddings for 2 texts"), (2, 5, False, "returned 5 dimensions, expected 4")],
)
async def test_a_wrong_count_is_malformed_and_a_wrong_size_is_the_settings(
    count: int, size: int, transient: bool, match: str
) -> None:
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(WrongAnswers(count, size)))
    client = open_client(
        base_url="http://embed.test/v1",
        api_key="k",
        timeout_s=5,
        connect_timeout_s=5,
        http_client=http,
    )
    with pytest.raises(EndpointFailed, match=match) as caught:
        await OpenAIEmbedder(client, model="m", dims=4).embed(["a", "b"])
    assert caught.value.transient is transient
    await client.close()
    await http.aclose()


async def test_transient_failures_open_the_shared_breaker_and_no_call_is_made(
    fake: FakeLLM,
) -> None:
    redis = standin_redis()
    clock = FakeClock(datetime(2026, 11, 27, tzinfo=UTC))
    policy = BreakerPolicy(failures=3, cooldown_s=30, probe_s=10)

    def breaker() -> RedisBreaker:
        return RedisBreaker(redis, "md:embeddings:breaker", clock, policy)

    a, b = embedder(fake.base_url, breaker=breaker()), embedder(fake.base_url, breaker=breaker())
    fake.embeddings.script([error(401, "no"), error(500, "boom"), error(503, "x"), error(429, "y")])
    with pytest.raises(EndpointFailed):
        await a.embed(["x"])  # permanent: not counted
    for e in (a, b, a):  # three transient failures, from two processes
        with pytest.raises(EndpointFailed):
            await e.embed(["x"])
    calls = fake.embeddings.calls
    with pytest.raises(BreakerOpen) as caught:
        await b.embed(["x"])
    assert caught.value.transient and caught.value.retry_after_s == pytest.approx(30.0)
    assert fake.embeddings.calls == calls  # refused before reaching the provider

    clock.advance(31)  # half-open: the probe's success closes it for everyone
    assert len(await b.embed(["x"])) == 1
    assert len(await a.embed(["y"])) == 1
    await redis.aclose()


class Unreachable:
    """A breaker whose Redis is away."""

    async def acquire(self) -> bool:
        raise ConnectionError("redis is away")

    async def success(self, reset: bool) -> None:
        raise ConnectionError("redis is away")

    async def failure(self) -> None:
        raise ConnectionError("redis is away")


async def test_a_breaker_that_cannot_be_read_lets_the_call_through(fake: FakeLLM) -> None:
    e = embedder(fake.base_url, breaker=Unreachable())
    with capture_logs() as logs:
        assert len(await e.embed(["x"])) == 1
        fake.embeddings.script([error(500, "boom")])
        with pytest.raises(EndpointFailed):
            await e.embed(["x"])
    assert "embeddings.breaker_unreadable" in [entry["event"] for entry in logs]


async def test_the_key_is_never_in_an_error_nor_a_log() -> None:
    key = "sk-proj-Zk3v9QwErTy8UiOp4AsDfGh2JkLzXcVb"
    async with FakeLLM(api_key="the-right-one") as fake:
        fake.embeddings.script([error(401, f"Incorrect API key provided: {key}.")])
        e = embedder(fake.base_url, api_key=key)
        with capture_logs() as logs, pytest.raises(EndpointFailed) as caught:
            await e.embed(["x"])
        assert fake.embeddings.requests  # it did reach the endpoint
    assert key not in str(caught.value)
    assert key not in repr(logs)
    assert logs[0]["event"] == "embeddings.call_failed" and logs[0]["status"] == 401


def test_what_is_not_the_endpoints_doing_is_not_classified() -> None:
    assert classify(RuntimeError("a bug")) is None
    with pytest.raises(ValueError, match="positive"):
        OpenAIEmbedder(
            open_client(base_url=None, api_key="k", timeout_s=1, connect_timeout_s=1),
            model="m",
            dims=0,
        )


HOSTILE = st.text(
    alphabet=st.one_of(
        st.characters(),  # any code point, lone surrogates and NUL included
        st.sampled_from(["\x00", "\ud800", "\u202e", "\u200d", "ﬀ", " ", "\n"]),
    ),
    max_size=40,
)


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(texts=st.lists(HOSTILE, max_size=7))
async def test_any_batch_of_texts_gets_one_vector_each_in_order(
    fake: FakeLLM, texts: list[str]
) -> None:
    """Whatever the texts, each gets a unit vector (all zeros when blank), in order, and
    what reaches the endpoint is text every encoder takes."""
    before = len(fake.embeddings.requests)
    vectors = await embedder(fake.base_url, batch_size=3).embed(texts)
    assert len(vectors) == len(texts)
    for text, vector in zip(texts, vectors, strict=True):
        norm = sum(v * v for v in vector)
        assert norm == 0.0 if not text.strip() else abs(norm - 1.0) < 1e-9
    sent = [t for r in fake.embeddings.requests[before:] for t in r["input"]]
    assert sent == [storable(t) for t in texts if t.strip()]
