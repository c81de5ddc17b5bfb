"""How hard a property or soak test tries: its own budget, or a few examples in a mutation run.

`tools/mutation.py` runs the tests with ``HYPOTHESIS_PROFILE=mutation``. There every surviving mutant runs every
test that calls the mutated function, so forty random games per property test would cost each survivor half a
minute on a shared machine; the rules tests, not the soak tests, are what should catch a mutant.
"""

from __future__ import annotations

import os

from hypothesis import strategies as st

MUTATION = os.environ.get("HYPOTHESIS_PROFILE") == "mutation"
MUTATION_EXAMPLES = 4


def examples(n: int, few: int = MUTATION_EXAMPLES) -> int:
    """`n` examples (games, seeds, Hypothesis examples, bot rollouts), at most `few` in a mutation run."""
    return min(n, few) if MUTATION else n


def any_text(max_size: int) -> st.SearchStrategy[str]:
    """Any text up to `max_size` characters: every code point UTF-8 can carry (all but the lone surrogates).
    `st.text()` draws from the same set, but first maps the UTF-8 codec code point by code point, which costs
    each fresh test process about 2.5 s."""
    return st.text(st.characters(codec=None), max_size=max_size)
