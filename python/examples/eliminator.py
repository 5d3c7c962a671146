"""An agent that reasons a little, and says what it believes.

It keeps a short list of candidate rules, each written in the rule language
(what it states) and in Python (how it tests them), with a prior that
halves with every extra idea in the rule. Every verdict crosses off the
candidates that contradict it. It plays a card its most probable rule
accepts (a positive test), and states in every move its best rule with that
rule's posterior probability, and the probability that the card is accepted.

    exec(persistent=true):python3 python/examples/eliminator.py
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eleusis_agent import Agent, Belief, Move, observations, run  # noqa: E402

# (rule in the rule language, the same in Python, ideas in it)
CANDIDATES = [
    ('card.color != prev.color', lambda c, l: c.color != l[-1].color, 2),
    ('card.color == prev.color', lambda c, l: c.color == l[-1].color, 2),
    ('card.suit == prev.suit', lambda c, l: c.suit == l[-1].suit, 2),
    ('card.suit != prev.suit', lambda c, l: c.suit != l[-1].suit, 2),
    ('prev.odd != card.odd', lambda c, l: c.odd != l[-1].odd, 2),
    ('prev.odd == card.odd', lambda c, l: c.odd == l[-1].odd, 2),
    ('card.rank > prev.rank', lambda c, l: c.rank > l[-1].rank, 2),
    ('card.rank < prev.rank', lambda c, l: c.rank < l[-1].rank, 2),
    ('card.rank != prev.rank', lambda c, l: c.rank != l[-1].rank, 2),
    ('card.color == "red"', lambda c, l: c.color == "red", 2),
    ('card.color == "black"', lambda c, l: c.color == "black", 2),
    ('card.even', lambda c, l: c.even, 1),
    ('card.odd', lambda c, l: c.odd, 1),
    ('card.face', lambda c, l: c.face, 1),
    ('not card.face', lambda c, l: not c.face, 2),
    ('card.rank >= 7', lambda c, l: c.rank >= 7, 2),
    ('card.rank <= 6', lambda c, l: c.rank <= 6, 2),
    ('card.rank >= prev.rank', lambda c, l: c.rank >= l[-1].rank, 2),
    ('card.rank <= prev.rank', lambda c, l: c.rank <= l[-1].rank, 2),
    ('card.rank == prev.rank or card.suit == prev.suit', lambda c, l: c.rank == l[-1].rank or c.suit == l[-1].suit, 4),
    ('card.rank == prev.rank or card.color == prev.color', lambda c, l: c.rank == l[-1].rank or c.color == l[-1].color, 4),
    ('card.rank == prev.rank or card.color != prev.color', lambda c, l: c.rank == l[-1].rank or c.color != l[-1].color, 4),
    ('abs(card.rank - prev.rank) <= 2', lambda c, l: abs(c.rank - l[-1].rank) <= 2, 3),
    ('abs(card.rank - prev.rank) >= 3', lambda c, l: abs(c.rank - l[-1].rank) >= 3, 3),
    ('prev.color == "black" ? card.rank >= 7 : card.rank <= 6',
     lambda c, l: c.rank >= 7 if l[-1].color == "black" else c.rank <= 6, 5),
    ('prev.color == "red" ? card.rank >= 7 : card.rank <= 6',
     lambda c, l: c.rank >= 7 if l[-1].color == "red" else c.rank <= 6, 5),
    ('prev.face ? !card.face : card.rank > prev.rank',
     lambda c, l: (not c.face) if l[-1].face else c.rank > l[-1].rank, 5),
    ('(prev.odd and prev.color == "black") ? (card.even and card.color == "red") : true',
     lambda c, l: (c.even and c.color == "red") if (l[-1].odd and l[-1].color == "black") else True, 6),
    ('n % 2 == 1 ? card.color == prev.color : card.color != prev.color',
     lambda c, l: c.color == l[-1].color if len(l) % 2 == 1 else c.color != l[-1].color, 5),
    ('true', lambda c, l: True, 0),
]


class Eliminator(Agent):
    def __init__(self, hand):
        super().__init__(hand)
        self.seen = 0  # observations already used
        self.alive = list(CANDIDATES)
        self.guessed = set()

    def update(self, view):
        obs = observations(view)
        for o in obs[self.seen:]:
            self.alive = [c for c in self.alive if c[1](o.card, o.line) == o.accepted]
        self.seen = len(obs)
        # A stated rule God called wrong is not the rule.
        wrong = {r.guess for r in view.history if r.guess and not r.guess_right and not r.guess_error}
        self.alive = [c for c in self.alive if c[0] not in wrong]

    def weights(self):
        return [2.0 ** -c[2] for c in self.alive]

    def best(self):
        """The most probable surviving rule and its probability."""
        if not self.alive:
            return None, 0.0
        w = self.weights()
        i = max(range(len(w)), key=lambda k: w[k])
        return self.alive[i], w[i] / sum(w)

    def p_accept(self, card, line):
        w = self.weights()
        if not w:
            return 0.5
        return sum(wi for wi, c in zip(w, self.alive) if c[1](card, line)) / sum(w)

    def move(self, view):
        self.update(view)
        line = tuple(view.main_line)
        best, p_best = self.best()
        if best is None:  # nothing it knows fits: a random card
            card = self.rng.choice(view.hand)
            return Move.play(card), Belief(accept_prob=0.5)
        liked = [c for c in view.hand if best[1](c, line)]
        card = self.rng.choice(liked or view.hand)
        return Move.play(card), Belief(rule=best[0], rule_prob=round(p_best, 4), accept_prob=round(self.p_accept(card, line), 4))

    def declare_prophet(self, view):
        self.update(view)
        return self.best()[1] >= 0.75

    def judge(self, view, mover, move):
        self.update(view)
        best, _ = self.best()
        if best is None:
            return True
        line = list(view.main_line)
        if move.kind == "noplay":
            return not any(best[1](c, tuple(line)) for c in move.cards)
        for c in move.cards:
            if not best[1](c, tuple(line)):
                return False
            line.append(c)
        return True

    def pick(self, view, shown):
        self.update(view)
        best, _ = self.best()
        line = tuple(view.main_line)
        return next((c for c in shown if best and best[1](c, line)), shown[0])

    def guess(self, view):
        self.update(view)
        best, p = self.best()
        if best is None or p < 0.75 or best[0] in self.guessed:
            return ""
        self.guessed.add(best[0])
        return best[0]


if __name__ == "__main__":
    run(Eliminator)
