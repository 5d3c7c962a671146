"""A test agent that believes "only red cards" and plays its first card.
With --state it states that rule after each of its moves (--guess
requests). Its twins fail where the honest one plays on: --give-up answers
"error" as soon as the facts refute its belief (a black card accepted), or,
with --state, as soon as God calls its statement wrong; --stall stops
answering then (the harness's time-out fails the hand). The twins must
never rank above the honest one, on any table."""
import json
import sys
import time

give_up = "--give-up" in sys.argv
stall = "--stall" in sys.argv
state = "--state" in sys.argv
refuted = False
for line in sys.stdin:
    req = json.loads(line)
    ans = {"id": req["id"]}
    if req["type"] == "new_hand":
        refuted = False
    for m in req.get("moves") or []:
        if not state:
            refuted = refuted or any(f["accepted"] and f["card"][-1] in "SC" for f in m.get("facts", []))
    st = req.get("statement")
    if state and st and not st["right"]:
        refuted = True
    if req["type"] not in ("new_hand", "end") and refuted and (give_up or stall):
        if stall:
            time.sleep(3)
        ans["error"] = "my rule is refuted"
    elif req["type"] == "move":
        hand = req["view"]["hand"]
        ans.update(kind="play", cards=[hand[0]],
                   belief={"rule": 'card.color == "red"', "rule_prob": 0.9})
    elif req["type"] == "declare_prophet":
        ans["declare"] = False
    elif req["type"] == "judge":
        ans["right"] = True
    elif req["type"] == "pick":
        ans["card"] = req["shown"][0]
    elif req["type"] == "guess":
        ans["guess"] = 'card.color == "red"' if state else ""
    sys.stdout.write(json.dumps(ans) + "\n")
    sys.stdout.flush()
