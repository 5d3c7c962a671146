// Package hypotheses is what a scientist can believe: the rules of the
// language (package grammar) as hypotheses with a prior from description
// length, de-duplicated by behaviour, a bitset index over (context, card)
// that answers "which hypotheses accept this card here?" in a few word
// operations per 64 hypotheses, beliefs that update on God's verdicts, and
// the open part that synthesizes rules past the index during a hand.
//
// A hypothesis belongs to one family, named by the feature of the main line
// it reads besides the card: the previous card (FamPrev), the previous card
// and the colour of the one before it (FamPrev2), or the previous card and
// the main line's length modulo 2, 3 or 4 (FamMod2, FamMod3, FamMod4). Its
// behaviour is a truth table: one 52-bit row of accepted cards per context
// value.
//
// God's rule is read through a space: the states his legal play reaches
// and his verdicts there are charted once per rule by package godrule,
// which knows nothing of hypotheses; a Truth is that chart seen from a
// space (the rule's behaviour class, its local class per hand, where two
// hypotheses part or one parts from God), charted with OpeningKey.
//
// A Space is built once and shared, read-only, by every worker; a Belief is
// per hand (players who share a space and prior share one Belief).
package hypotheses
