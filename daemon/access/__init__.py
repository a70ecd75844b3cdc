"""Tenant keys and what they allow: the grant of a key (:mod:`daemon.access.grant`), the policy
every front door asks (:mod:`daemon.access.policy`), key text and digests
(:mod:`daemon.access.tokens`), resolving a request's key to its grant
(:mod:`daemon.access.keyring`), the refusal every front door answers with
(:mod:`daemon.access.refusals`), and managing keys (:mod:`daemon.access.key_lifecycle`)."""
