"""The duplicate key of a memory: its type and its content, normalized and hashed."""

from __future__ import annotations

import hashlib
import unicodedata


def _edge_punctuation(ch: str) -> bool:
    return ch == "`" or (ch != "_" and unicodedata.category(ch).startswith("P"))


def _strip_edges(word: str) -> str:
    start, end = 0, len(word)
    while start < end and _edge_punctuation(word[start]):
        start += 1
    while end > start and _edge_punctuation(word[end - 1]):
        end -= 1
    return word[start:end]


def normalize(text: str) -> str:
    """NFKC, casefolded, whitespace collapsed, punctuation stripped from the edges of words."""
    words = (_strip_edges(w) for w in unicodedata.normalize("NFKC", text).casefold().split())
    return " ".join(w for w in words if w)


def content_hash(type: str, content: str) -> str:
    """The duplicate key of a memory: sha256 hex of its type and normalized content."""
    return hashlib.sha256(f"{type}\n{normalize(content)}".encode()).hexdigest()
