"""The fake server's ``/v1/embeddings``: deterministic vectors that mean something (texts
sharing words are close), ``dimensions`` and ``model`` honoured, faults injected as on the
chat endpoint, calls counted; driven by the real ``openai`` client over HTTP."""

from __future__ import annotations

import math
from typing import Any

import openai
import pytest

from daemon.base.embedding import cosine
from daemon.testing.fakellm import FakeLLM, drop, error, fake_vector, malformed_json, timeout
from daemon.testing.fakellm.embeddings import DEFAULT_DIMS, FakeEmbeddings, words


def test_words_fold_case_and_plurals_and_map_concepts() -> None:
    assert words("The Queues, and a BUS") == ["the", "queue", "and", "a", "bus"]
    assert words("class glass") == ["class", "glass"]  # -ss is no plural
    assert words("RabbitMQ broker", {"rabbitmq": "broker"}) == ["broker", "broker"]


def test_vectors_are_deterministic_unit_and_mean_shared_words() -> None:
    a = fake_vector("ingest moved to NATS JetStream", 64)
    assert a == fake_vector("ingest moved to NATS JetStream", 64)
    assert math.isclose(math.fsum(v * v for v in a), 1.0)
    near = fake_vector("ingest uses NATS", 64)
    far = fake_vector("the user prefers vim keybindings", 64)
    assert cosine(a, near) > 0.3 > abs(cosine(a, far))
    assert fake_vector(" ", 8) == [0.0] * 8  # blank: no direction
    assert fake_vector("?!", 8) != fake_vector("…", 8)  # no word: the text itself counts


def test_another_model_gives_other_vectors() -> None:
    one, other = fake_vector("queue", 64, "m1"), fake_vector("queue", 64, "m2")
    assert one != other and abs(cosine(one, other)) < 0.9


def test_concepts_make_two_wordings_one_meaning() -> None:
    concepts = {"rabbitmq": "broker", "nats": "broker"}
    a = fake_vector("rabbitmq", 32, concepts=concepts)
    related = cosine(a, fake_vector("message broker", 32, concepts=concepts))
    assert related > 0.4 > abs(cosine(a, fake_vector("vim keybindings", 32, concepts=concepts)))
    assert cosine(a, fake_vector("nats", 32, concepts=concepts)) == pytest.approx(1.0)


def test_a_size_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="dims"):
        FakeEmbeddings(0)


async def embed(client: openai.AsyncOpenAI, texts: Any, **options: Any) -> Any:
    options.setdefault("encoding_format", "float")
    return await client.embeddings.create(input=texts, model="fake-embedding", **options)


async def test_the_real_client_gets_ordered_vectors_of_the_asked_size(
    fake: FakeLLM, client: openai.AsyncOpenAI
) -> None:
    answer = await embed(client, ["one queue", "two queues"], dimensions=12)
    assert [item.index for item in answer.data] == [0, 1]
    assert [len(item.embedding) for item in answer.data] == [12, 12]
    assert answer.data[0].embedding == fake_vector("one queue", 12, "fake-embedding")
    assert answer.model == "fake-embedding"
    assert answer.usage.prompt_tokens > 0
    default = await embed(client, "one")
    assert len(default.data[0].embedding) == DEFAULT_DIMS
    # The client's default, base64 of float32, decoded by the client itself.
    other = await client.embeddings.create(input="one", model="other-model", dimensions=12)
    assert other.model == "other-model"
    assert other.data[0].embedding == pytest.approx(fake_vector("one", 12, "other-model"), abs=1e-6)
    assert fake.embeddings.requests[-1]["encoding_format"] == "base64"
    assert (fake.embeddings.calls, fake.embeddings.texts) == (3, 4)
    assert fake.calls == 0  # the chat endpoint's count is its own


async def test_concepts_are_set_on_the_server(fake: FakeLLM, client: openai.AsyncOpenAI) -> None:
    fake.embeddings.concepts.update({"rabbitmq": "broker"})
    a, b = (await embed(client, ["RabbitMQ", "broker"], dimensions=16)).data
    assert a.embedding == b.embedding


@pytest.mark.parametrize(
    ("reply", "raised", "status"),
    [
        (error(429, "slow down", retry_after=0.01), openai.RateLimitError, 429),
        (error(500, "boom"), openai.InternalServerError, 500),
        (error(401, "Incorrect API key provided."), openai.AuthenticationError, 401),
        (drop(), openai.APIConnectionError, None),
    ],
)
async def test_scripted_faults_come_one_per_request(
    fake: FakeLLM, client: openai.AsyncOpenAI, reply: Any, raised: type, status: int | None
) -> None:
    fake.embeddings.script([reply])
    with pytest.raises(raised) as caught:
        await embed(client, "x")
    assert getattr(caught.value, "status_code", None) == status
    assert len((await embed(client, "x")).data) == 1  # the next one is answered
    assert fake.embeddings.calls == 2
    assert fake.calls == 0


async def test_a_malformed_answer_and_a_stall(fake: FakeLLM, client: openai.AsyncOpenAI) -> None:
    fake.embeddings.script([malformed_json(), timeout(30)])
    with pytest.raises((openai.APIResponseValidationError, ValueError)):
        await embed(client, "x")
    with pytest.raises(openai.APITimeoutError):
        await embed(client, "x", timeout=0.2)


async def test_a_seeded_fail_rate_breaks_embeddings_and_not_chat(
    fake: FakeLLM, client: openai.AsyncOpenAI
) -> None:
    fake.embeddings.fail_rate(1.0, kinds=["503"])
    with pytest.raises(openai.InternalServerError):
        await embed(client, "x")
    chat = await client.chat.completions.create(
        model="fake-model", messages=[{"role": "user", "content": "hi"}]
    )
    assert chat.choices
    fake.embeddings.fail_rate(0)
    assert (await embed(client, "x")).data


@pytest.mark.parametrize(
    "options",
    [{"dimensions": 0}, {"dimensions": 5000}, {"dimensions": True}, {"encoding_format": "hex"}],
)
async def test_requests_it_cannot_answer_are_400(
    fake: FakeLLM, client: openai.AsyncOpenAI, options: dict[str, Any]
) -> None:
    with pytest.raises(openai.BadRequestError):
        await embed(client, "x", **options)


@pytest.mark.parametrize("texts", [[], [""], [[1, 2, 3]]])
async def test_inputs_it_cannot_embed_are_400(
    fake: FakeLLM, client: openai.AsyncOpenAI, texts: Any
) -> None:
    with pytest.raises(openai.BadRequestError):
        await embed(client, texts)


async def test_the_api_key_is_checked_and_reset_forgets_everything() -> None:
    async with FakeLLM(api_key="right") as fake:
        async with openai.AsyncOpenAI(base_url=fake.base_url, api_key="wrong", max_retries=0) as c:
            with pytest.raises(openai.AuthenticationError):
                await embed(c, "x")
        fake.embeddings.concepts["a"] = "b"
        fake.embeddings.script([error(500, "x")])
        fake.reset()
        assert (fake.embeddings.calls, fake.embeddings.concepts) == (0, {})
        async with openai.AsyncOpenAI(base_url=fake.base_url, api_key="right", max_retries=0) as c:
            assert (await embed(c, "x")).data  # the script was cleared too
