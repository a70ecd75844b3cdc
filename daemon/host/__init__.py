"""The host kit: the context pipeline of an agent host, before every model call.

Messages are in the OpenAI chat format (``role``, ``content``, ``tool_calls``,
``tool_call_id``). The budget comes from the model's window (:mod:`daemon.host.budget`),
tokens are estimated from characters (:mod:`daemon.host.tokens`), and the stages run
cheapest first: output truncation, deduplication, pruning, compaction (from the session
summary memoryd keeps, else by a model), oldest-turn trimming; sanitizing comes last.
docs/host.md describes each stage and its settings.
"""
