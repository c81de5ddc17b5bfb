"""How hard a property or soak test tries: its own budget, or a few examples in a mutation run.

`tools/mutation.py` runs the tests with ``HYPOTHESIS_PROFILE=mutation``. There every surviving mutant runs every
test that calls the mutated function, so forty random games per property test would cost each survivor half a
minute on a shared machine; the rules tests, not the soak tests, are what should catch a mutant.
"""

from __future__ import annotations

import os

MUTATION = os.environ.get("HYPOTHESIS_PROFILE") == "mutation"
MUTATION_EXAMPLES = 4


def examples(n: int, few: int = MUTATION_EXAMPLES) -> int:
    """`n` examples (games, seeds, Hypothesis examples, bot rollouts), at most `few` in a mutation run."""
    return min(n, few) if MUTATION else n
