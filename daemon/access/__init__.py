"""Tenant keys and what they allow: the grant of a key (:mod:`daemon.access.grant`), the policy
every front door asks (:mod:`daemon.access.policy`), key text and digests
(:mod:`daemon.access.tokens`), and managing keys (:mod:`daemon.access.keys`)."""
