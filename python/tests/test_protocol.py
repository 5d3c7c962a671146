"""Unit tests of the protocol loop (python3 -m unittest discover -s python/tests -t python)."""

import io
import json
import unittest

from eleusis_agent import DECK, Agent, Fact, Belief, Card, Move, run
from eleusis_agent.protocol import Options, View
from eleusis_agent.table import observations
from eleusis_agent.protocol import MoveRecord

OPTIONS = {"decks": 3, "hand_size": 14, "max_sequence": 4, "sequence_judging": "prefix", "future_option": 1}


def view(**kw):
    obj = {"hand": ["7S", "8H"], "main_line": ["2C"], "errors": [], "hand_sizes": [2, 3], "eliminated": [False, False],
           "current": 1, "turn": 0, "prophet": None, "prophet_marker": None, "sudden_death": False, "deck_size": 40}
    obj.update(kw)
    return obj


class Recorder(Agent):
    seen = []

    def move(self, v):
        Recorder.seen.append((self.info.seat, self.info.seed, len(v.history), self.info.rule_language is not None))
        if v.hand[0] == Card.parse("KD"):
            raise RuntimeError("no kings")
        return Move.play(v.hand[-1]), Belief(rule="card.rank > prev.rank", rule_prob=0.5)


def converse(requests, factory=Recorder):
    out = io.StringIO()
    run(factory, io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


class TestCards(unittest.TestCase):
    def test_round_trip(self):
        self.assertEqual(len(DECK), 52)
        for c in DECK:
            self.assertEqual(Card.parse(str(c)), c)
        c = Card.parse("10H")
        self.assertEqual((c.rank, c.suit, c.color, c.even, c.face), (10, "hearts", "red", True, False))
        for bad in ("1H", "10X", "??", "", "QQ"):
            with self.assertRaises(ValueError):
                Card.parse(bad)


class TestSession(unittest.TestCase):
    def test_hands_and_history(self):
        Recorder.seen = []
        lang = {"names": [{"name": "card", "type": "Card", "meaning": "the card"}]}
        move1 = {"turn": 1, "player": 2, "kind": "play", "cards": ["3C"], "verdict": "yes", "accepted": ["3C"], "penalty": 0, "drawn": 0}
        answers = converse([
            {"type": "new_hand", "id": 1, "protocol": 2, "mode": "persistent", "seat": 1, "players": 2, "seed": 7,
             "options": OPTIONS, "rule_language": lang},
            {"type": "move", "id": 2, "view": view(), "moves": []},
            {"type": "move", "id": 3, "view": view(turn=1, main_line=["2C", "3C"]), "moves": [move1]},
            {"type": "end", "id": 4, "moves": [], "result": None, "stopped": True},
            {"type": "new_hand", "id": 5, "protocol": 2, "mode": "persistent", "seat": 2, "players": 2, "seed": 8, "options": OPTIONS},
            {"type": "move", "id": 6, "view": view(hand=["KD"]), "moves": []},
            {"type": "new_hand", "id": 7, "protocol": 2, "mode": "persistent", "seat": 2, "players": 2, "seed": 9, "options": OPTIONS},
            {"type": "declare_prophet", "id": 8, "view": view()},
            {"type": "judge", "id": 9, "view": view(), "mover": 2, "move": {"kind": "noplay", "cards": ["2D"]}},
            {"type": "pick", "id": 10, "view": view(), "shown": ["4D", "5D"]},
            {"type": "guess", "id": 11, "view": view()},
        ])
        self.assertEqual([a["id"] for a in answers], list(range(1, 12)))
        self.assertEqual(answers[1], {"id": 2, "kind": "play", "cards": ["8H"], "belief": {"rule": "card.rank > prev.rank", "rule_prob": 0.5}})
        self.assertIn("RuntimeError: no kings", answers[5]["error"])
        self.assertEqual(answers[7:], [{"id": 8, "declare": False}, {"id": 9, "right": True}, {"id": 10, "card": "4D"}, {"id": 11, "guess": ""}])
        # seat, seed, history length, language known (kept from the first hand)
        self.assertEqual(Recorder.seen, [(1, 7, 0, True), (1, 7, 1, True), (2, 8, 0, True)])

    def test_meta_seed_string_withdraw(self):
        class Noter(Agent):
            def move(self, v):
                self.meta = {"tokens": 12, "seed": self.info.seed}
                return Move.play(v.hand[0]), Belief(withdraw=True)

            def guess(self, v):
                return ""  # no meta: none sent

        big = 2**64 - 5  # beyond a double's 53 bits: the decimal string is exact
        answers = converse([
            {"type": "new_hand", "id": 1, "protocol": 2, "mode": "per_hand", "seat": 1, "players": 2, "seed": float(big),
             "seed_string": str(big), "options": OPTIONS},
            {"type": "move", "id": 2, "view": view(), "moves": []},
            {"type": "guess", "id": 3, "view": view(), "moves": []},
        ], Noter)
        self.assertEqual(answers[1], {"id": 2, "kind": "play", "cards": ["7S"], "belief": {"withdraw": True},
                                      "meta": {"tokens": 12, "seed": big}})
        self.assertEqual(answers[2], {"id": 3, "guess": ""})

    def test_wrong_protocol(self):
        answers = converse([{"type": "new_hand", "id": 1, "protocol": 3, "mode": "per_hand", "seat": 1, "players": 2, "seed": 7, "options": OPTIONS}])
        self.assertIn("protocol 2", answers[0]["error"])


class TestObservations(unittest.TestCase):
    def test_facts_on_the_main_line(self):
        # The harness's facts (sim.DecodeMove) for: a wrong 5S, a sequence
        # judged card by card (3C right, 4C wrong), a right "no play" and a
        # wrong one with 6S put down.
        c = Card.parse
        F = lambda at, card, ok: Fact(at, c(card), ok)
        hist = [
            MoveRecord(1, 1, "play", [c("5S")], "no", facts=[F(1, "5S", False)]),
            MoveRecord(2, 2, "seq", [c("3C"), c("4C"), c("9D")], "no", accepted=[c("3C")],
                       facts=[F(1, "3C", True), F(2, "4C", False)]),
            MoveRecord(3, 1, "noplay", [c("KH"), c("QH")], "yes", facts=[F(2, "KH", False), F(2, "QH", False)]),
            MoveRecord(4, 2, "noplay", [c("AS"), c("6S")], "no", accepted=[c("6S")], picked=c("6S"),
                       facts=[F(2, "6S", True)]),
        ]
        v = View(seat=1, hand=[], main_line=[c("2C"), c("3C"), c("6S")], errors=[], hand_sizes=[], eliminated=[], current=1,
                 turn=4, prophet=None, prophet_marker=None, sudden_death=False, deck_size=0, history=hist,
                 options=Options.from_json(OPTIONS), opening=[c("2C")])
        got = [(" ".join(map(str, o.line)), str(o.card), o.accepted) for o in observations(v)]
        self.assertEqual(got, [
            ("2C", "5S", False), ("2C", "3C", True), ("2C 3C", "4C", False),
            ("2C 3C", "KH", False), ("2C 3C", "QH", False), ("2C 3C", "6S", True)])

    def test_facts_from_the_wire(self):
        r = MoveRecord.from_json({"turn": 1, "player": 1, "kind": "play", "cards": ["5S"], "verdict": "no",
                                  "facts": [{"at": 1, "card": "5S", "accepted": False}], "unknown_later": 1})
        self.assertEqual(r.facts, [Fact(1, Card.parse("5S"), False)])



class Stater(Agent):
    heard_log = []

    def move(self, v):
        return Move.play(v.hand[0])

    def guess(self, v):
        return "card.rank > 20"

    def heard(self, rec):
        Stater.heard_log.append(rec)


class TestStatementVerdict(unittest.TestCase):
    def test_the_verdict_reaches_the_agent(self):
        # The guess request brings the move without its verdict; the next
        # request brings the verdict as "statement", which the kit writes
        # into the move's record and tells the agent.
        from eleusis_agent.protocol import Session
        Stater.heard_log = []
        nh = {"type": "new_hand", "id": 1, "protocol": 2, "mode": "per_hand", "seat": 1, "players": 1, "seed": 3,
              "options": {**OPTIONS, "guessing": True, "guess_any_turn": True}, "opening": ["2C"]}
        mv = {"turn": 1, "player": 1, "kind": "play", "cards": ["7S"], "verdict": "no", "penalty": 1, "drawn": 1}
        s = Session(Stater)
        s.answer(nh)
        s.answer({"type": "move", "id": 2, "moves": [], "view": view()})
        self.assertEqual(s.answer({"type": "guess", "id": 3, "moves": [mv], "view": view(turn=1)}), {"guess": "card.rank > 20"})
        self.assertEqual(s.history[0].guess, "")
        s.answer({"type": "move", "id": 4, "moves": [], "view": view(turn=1),
                  "statement": {"turn": 1, "rule": "card.rank > 20", "right": False, "error": ""}})
        self.assertEqual(len(Stater.heard_log), 1)
        rec = Stater.heard_log[0]
        self.assertIs(rec, s.history[0])
        self.assertEqual((rec.turn, rec.guess, rec.guess_right, rec.guess_error), (1, "card.rank > 20", False, ""))


if __name__ == "__main__":
    unittest.main()
