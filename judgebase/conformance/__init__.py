"""The conformance suite: the ruling scenarios as an engine-agnostic test suite (test262's model).

- :mod:`.protocol` — the host contract in code: the protocol versions, the vocabulary a
  scenario needs, and :class:`~.protocol.View`, an observed state the runners' own
  expectation checks read as if it were a game.
- :mod:`.legacy` and :mod:`.deck_check` — what protocol 2 adds: the legacy game's state
  and view, and the deck-check request and answer.
- :mod:`.harness` — ``judgebase conformance run``: drives any engine process through
  line-delimited JSON, one scenario at a time, with timeouts.
- :mod:`.adapter` — ``python -m judgebase.conformance.adapter``: our own engine behind the
  protocol (the reference adapter).
- :mod:`.export` — ``judgebase conformance export DIR``: the suite as plain JSON.

The commands are in :mod:`judgebase.conformance_cli` (the command-line layer: the export
reads the pinned clause texts through :mod:`judgebase.pins`).  ``INTERPRETING.md`` in this
folder is the contract for engine authors.
"""
