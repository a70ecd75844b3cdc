"""Embedding providers: the implementations of :class:`daemon.base.embedding.Embedder`."""
