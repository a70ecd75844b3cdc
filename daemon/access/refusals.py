"""A refused request: an HTTP status, a stable ``code`` and a message saying what to fix.

Raised by whatever handles a request, the HTTP API's routes and the MCP transports alike
(key resolution, in :mod:`daemon.access.keyring`, raises it too); ``daemon.api.error_bodies``
holds the JSON shape it is answered with and the codes' OpenAPI descriptions.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An answer other than success, raised anywhere a request is handled."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        memory: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}
        self.memory = memory

    def body(self) -> dict[str, Any]:
        """The answer's body; ``memory``: the opaque id of the memory a refusal is about."""
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.memory is not None:
            error["memory"] = self.memory
        return {"error": error}
