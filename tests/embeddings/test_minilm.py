"""The numpy encoder (daemon.embeddings.minilm): the same vectors as sentence-transformers,
one text's vector whatever its batch, long texts cut at 256 tokens.

Skipped, saying so, when the local extra (the model's files and the reference) is absent."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from daemon.embeddings.local import available, model_dir
from daemon.embeddings.minilm import MAX_TOKENS, MiniLM, _erf

TEXTS = [
    "Ingest moved off RabbitMQ to NATS JetStream in September.",
    "which message broker does the pipeline rely on",
    "Dana prefers table-driven tests in Go.",
    "ok",
    "Ünïcödé, emoji 🚀 and CJK 漢字 are tokenized like any other text.",
]


@pytest.fixture(scope="module")
def folder() -> Path:
    if not available():
        pytest.skip("the local extra is not installed (pip install 'memoryd[local]')")
    return model_dir()


@pytest.fixture(scope="module")
def encoder(folder: Path) -> MiniLM:
    return MiniLM(folder)


def test_erf_is_within_its_stated_error() -> None:
    xs = np.linspace(-5, 5, 2001, dtype=np.float32)
    got = _erf(xs)
    assert max(abs(float(g) - math.erf(float(x))) for g, x in zip(got, xs, strict=True)) < 5e-7


def test_vectors_match_sentence_transformers(folder: Path, encoder: MiniLM) -> None:
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
    expected = reference.encode(TEXTS, normalize_embeddings=True, show_progress_bar=False)
    got = encoder.encode(TEXTS)
    assert got.shape == (len(TEXTS), 384)
    assert float(np.min(np.sum(got * expected, axis=1))) > 0.99999


def test_a_text_has_one_vector_alone_or_padded_in_a_batch(encoder: MiniLM) -> None:
    batch = encoder.encode(TEXTS)
    alone = encoder.encode([TEXTS[3]])
    assert float(alone[0] @ batch[3]) > 0.99999
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-5)


def test_a_long_text_is_cut_at_the_models_window(encoder: MiniLM) -> None:
    long = " ".join(["memory"] * 1000)
    tokens = encoder.tokenizer.encode(long)
    assert len(tokens.ids) == MAX_TOKENS
    assert encoder.encode([long]).shape == (1, 384)
