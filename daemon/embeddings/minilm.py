"""A BERT encoder in numpy: all-MiniLM-L6-v2's forward pass, mean pooling and normalization.

What sentence-transformers computes for this model (six BERT layers of 384 dimensions and
12 heads, the mean of the last layer's token vectors over the real tokens, scaled to length
1), read from the model's own ``model.safetensors`` and ``tokenizer.json`` with numpy,
``safetensors`` and ``tokenizers`` alone. Why not sentence-transformers at run time:
importing it (torch, transformers, scipy, scikit-learn) takes seconds to tens of seconds
and hundreds of MB before the first vector, which a command-line search that embeds one
query would pay every time; this module loads in about a second. The test compares its
vectors with sentence-transformers' on the same texts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]

#: sentence-transformers' ``max_seq_length`` for this model (sentence_bert_config.json).
MAX_TOKENS = 256
_EPS = 1e-12  # layer_norm_eps


@dataclass(frozen=True, slots=True)
class _Layer:
    qkv: Array  # (384, 3 * 384): query, key and value projections side by side
    qkv_bias: Array
    out: Array
    out_bias: Array
    norm1: tuple[Array, Array]
    up: Array
    up_bias: Array
    down: Array
    down_bias: Array
    norm2: tuple[Array, Array]


def _layer_norm(x: Array, weight_bias: tuple[Array, Array]) -> Array:
    weight, bias = weight_bias
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    normed: Array = ((x - mean) / np.sqrt(var + _EPS) * weight + bias).astype(np.float32)
    return normed


def _erf(x: Array) -> Array:
    """The error function (Abramowitz and Stegun 7.1.26, absolute error under 1.5e-7):
    numpy has none, and BERT's GELU is the exact one."""
    f = np.float32
    a = np.abs(x)
    t = f(1.0) / (f(1.0) + f(0.3275911) * a)
    poly = t * (
        f(0.254829592)
        + t * (f(-0.284496736) + t * (f(1.421413741) + t * (f(-1.453152027) + t * f(1.061405429))))
    )
    found: Array = (np.sign(x) * (f(1.0) - poly * np.exp(-a * a))).astype(np.float32)
    return found


def _gelu(x: Array) -> Array:
    return (0.5 * x * (1.0 + _erf(x / np.float32(np.sqrt(2.0))))).astype(np.float32)


class MiniLM:
    """The encoder, loaded from a folder holding ``config.json``, ``model.safetensors`` and
    ``tokenizer.json`` (the layout the model is published in)."""

    def __init__(self, folder: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text())
        self.dims: int = config["hidden_size"]
        self.heads: int = config["num_attention_heads"]
        weights = load_file(str(folder / "model.safetensors"))

        def w(name: str) -> Array:
            return np.ascontiguousarray(weights[name], dtype=np.float32)

        self.words = w("embeddings.word_embeddings.weight")
        self.positions = w("embeddings.position_embeddings.weight")
        self.token_type = w("embeddings.token_type_embeddings.weight")[0]
        self.norm = (w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"))
        self.layers: list[_Layer] = []
        for n in range(config["num_hidden_layers"]):
            p = f"encoder.layer.{n}."
            attn = p + "attention.self."
            self.layers.append(
                _Layer(
                    qkv=np.concatenate(
                        [w(attn + part + ".weight").T for part in ("query", "key", "value")],
                        axis=1,
                    ),
                    qkv_bias=np.concatenate(
                        [w(attn + part + ".bias") for part in ("query", "key", "value")]
                    ),
                    out=np.ascontiguousarray(w(p + "attention.output.dense.weight").T),
                    out_bias=w(p + "attention.output.dense.bias"),
                    norm1=(
                        w(p + "attention.output.LayerNorm.weight"),
                        w(p + "attention.output.LayerNorm.bias"),
                    ),
                    up=np.ascontiguousarray(w(p + "intermediate.dense.weight").T),
                    up_bias=w(p + "intermediate.dense.bias"),
                    down=np.ascontiguousarray(w(p + "output.dense.weight").T),
                    down_bias=w(p + "output.dense.bias"),
                    norm2=(w(p + "output.LayerNorm.weight"), w(p + "output.LayerNorm.bias")),
                )
            )
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        # To the batch's longest text; "[PAD]" is the vocabulary's padding token, not a secret.
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106

    def encode(self, texts: Sequence[str]) -> Array:
        """One unit vector per text, as rows of a (len(texts), dims) array."""
        encodings = self.tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.float32)
        batch, length = ids.shape
        x = self.words[ids] + self.positions[:length] + self.token_type
        x = _layer_norm(x.astype(np.float32), self.norm)
        # -inf-like for padding keys (a large negative, as BERT adds, keeps softmax finite)
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        head = self.dims // self.heads
        scale = np.float32(1.0 / np.sqrt(head))
        # Token rows flattened to 2-D and heads made contiguous: numpy hands those to BLAS.
        x = x.reshape(batch * length, self.dims)
        for layer in self.layers:
            qkv = x @ layer.qkv + layer.qkv_bias
            q, k, v = (
                np.ascontiguousarray(
                    qkv[:, i * self.dims : (i + 1) * self.dims]
                    .reshape(batch, length, self.heads, head)
                    .transpose(0, 2, 1, 3)
                )
                for i in range(3)
            )
            scores = np.matmul(q, np.ascontiguousarray(k.transpose(0, 1, 3, 2))) * scale + bias
            scores -= scores.max(axis=-1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(axis=-1, keepdims=True)
            context = np.matmul(probs, v).transpose(0, 2, 1, 3).reshape(batch * length, self.dims)
            x = _layer_norm(context @ layer.out + layer.out_bias + x, layer.norm1)
            hidden = _gelu((x @ layer.up + layer.up_bias).astype(np.float32))
            x = _layer_norm(hidden @ layer.down + layer.down_bias + x, layer.norm2)
        x = x.reshape(batch, length, self.dims)
        summed = (x * mask[..., None]).sum(axis=1)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        vectors: Array = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
        return vectors
