"""placeholder"""

from chaigames.engine import Rng


class EasyBot:
    def __init__(self, level, seed, seat):
        self.rng = Rng(seed)

    def choose(self, view, legal, budget):
        return self.rng.choice(list(legal))


def make_bot(level, seed, seat):
    return EasyBot(level, seed, seat)
