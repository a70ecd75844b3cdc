"""``memoryd serve``: the HTTP front door (publishing, recall, health) behind tenant keys."""

from daemon.api.application import create_app, openapi_document

__all__ = ["create_app", "openapi_document"]
