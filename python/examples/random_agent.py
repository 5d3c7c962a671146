"""A simple agent: a random card of its hand, drawn from the hand's seed.

    exec(persistent=true):python3 python/examples/random_agent.py

The same seed gives the same play, whichever process plays the hand.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eleusis_agent import Agent, Move, run  # noqa: E402


class RandomAgent(Agent):
    def move(self, view):
        return Move.play(self.rng.choice(view.hand))

    def judge(self, view, mover, move):
        return self.rng.random() < 0.5

    def pick(self, view, shown):
        return self.rng.choice(shown)


if __name__ == "__main__":
    run(RandomAgent)
