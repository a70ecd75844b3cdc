"""Adapters of the host kit to agent frameworks, each an optional extra."""
