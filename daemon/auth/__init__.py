"""Tenant keys and what they allow: the grant of a key (:mod:`daemon.auth.grant`), the policy
every front door asks (:mod:`daemon.auth.policy`), key text and digests
(:mod:`daemon.auth.tokens`), and managing keys (:mod:`daemon.auth.keys`)."""
