"""Which embeddings the settings ask for, resolved once: provider, model, dimensions and the
endpoint, with the LLM endpoint's address and key as the fallbacks of ``openai``'s.

Every place that names the mode (``memoryd config``, ``memoryd status``, ``/readyz``) and
:func:`daemon.embeddings.build_embedder` read the same :class:`Choice`, so what is shown is
what runs. A choice that cannot run is a :class:`~daemon.base.errors.ConfigError` naming the
setting to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import SecretStr

from daemon.base.errors import ConfigError
from daemon.base.settings import Settings

__all__ = ["DEFAULT_OPENAI_MODEL", "KNOWN_DIMENSIONS", "Choice", "choose", "describe"]

Provider = Literal["openai", "local", "none"]

#: The endpoint's model when ``provider`` is ``openai`` and no model is named.
DEFAULT_OPENAI_MODEL = "text-embedding-3-small"
#: The vector size of models whose size need not be configured.
KNOWN_DIMENSIONS: dict[str, int] = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


@dataclass(frozen=True, slots=True)
class Choice:
    """The embeddings that run. ``dims`` is None only for ``none``, and for ``local`` when
    the local model decides it; ``send_dimensions``: ask the endpoint for ``dims`` (set by
    the operator), rather than take the model's own size."""

    provider: Provider
    model: str | None = None
    dims: int | None = None
    base_url: str | None = None
    api_key: SecretStr | None = None
    send_dimensions: bool = False

    @property
    def enabled(self) -> bool:
        return self.provider != "none"

    def describe(self) -> str:
        """One line for people: ``none (keyword search only)``, ``openai <model> (<dims>
        dims)``. Never the key, nor the endpoint's address (it may carry credentials)."""
        if self.provider == "none":
            return "none (keyword search only)"
        size = f" ({self.dims} dims)" if self.dims else ""
        return f"{self.provider} {self.model or '(default model)'}{size}"


def choose(settings: Settings) -> Choice:
    """The choice ``settings`` describe; raises ConfigError when it cannot run."""
    e = settings.embeddings
    provider: Provider = e.provider or ("openai" if e.model else "none")
    if provider == "none":
        return Choice("none")
    if provider == "local":
        return Choice("local", model=e.model, dims=e.dimensions, send_dimensions=bool(e.dimensions))
    model = e.model or DEFAULT_OPENAI_MODEL
    dims = e.dimensions or KNOWN_DIMENSIONS.get(model)
    if dims is None:
        raise ConfigError(
            f"MEMORYD_EMBEDDINGS__DIMENSIONS: the size of {model!r}'s vectors is not known: "
            "set it to the model's size"
        )
    base_url = e.base_url or settings.llm.base_url
    api_key = e.api_key or settings.llm.api_key
    if base_url is None and api_key is None:
        raise ConfigError(
            "MEMORYD_EMBEDDINGS__PROVIDER: openai needs an endpoint: set "
            "MEMORYD_EMBEDDINGS__BASE_URL or an API key (MEMORYD_EMBEDDINGS__API_KEY, "
            "MEMORYD_LLM__API_KEY or OPENAI_API_KEY)"
        )
    return Choice(
        "openai",
        model=model,
        dims=dims,
        base_url=base_url,
        api_key=api_key,
        send_dimensions=e.dimensions is not None,
    )


def describe(settings: Settings) -> str:
    """:meth:`Choice.describe` of the settings, or what is wrong with them."""
    try:
        return choose(settings).describe()
    except ConfigError as exc:
        return f"MISCONFIGURED: {exc}"
