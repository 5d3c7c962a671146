"""A test agent that believes "only red cards" and plays its first card. With
--give-up it answers "error" as soon as the facts refute its belief (a
black card accepted) — the give-up twin that must not rank above the
honest one, which plays on."""
import json
import sys

give_up = "--give-up" in sys.argv
refuted = False
for line in sys.stdin:
    req = json.loads(line)
    ans = {"id": req["id"]}
    if req["type"] == "new_hand":
        refuted = False
    for m in req.get("moves") or []:
        refuted = refuted or any(f["accepted"] and f["card"][-1] in "SC" for f in m.get("facts", []))
    if req["type"] == "move":
        if give_up and refuted:
            ans["error"] = "my rule is refuted"
        else:
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
        ans["guess"] = ""
    sys.stdout.write(json.dumps(ans) + "\n")
    sys.stdout.flush()
