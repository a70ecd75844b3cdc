"""Rows as plain data for tables and JSON: datetimes as ISO-8601 text, everything else as is."""

from __future__ import annotations

from datetime import datetime
from typing import Any


def plain_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def plain(row: Any) -> dict[str, Any]:
    """A SQLAlchemy row (or mapping) as a dict of JSON-ready values."""
    mapping = row._mapping if hasattr(row, "_mapping") else row
    return {str(key): plain_value(value) for key, value in mapping.items()}
