// Package hypotheses is what a scientist can believe: a grammar of rules over
// the card attributes of the rule language, a prior from description length,
// the hypotheses de-duplicated by behaviour, a bitset index over (context,
// card) that answers "which hypotheses accept this card here?" in a few word
// operations per 64 hypotheses, and beliefs that update on God's verdicts.
//
// A hypothesis belongs to one family, named by the feature of the main line
// it reads besides the card: the previous card (FamPrev), the previous card
// and the colour of the one before it (FamPrev2), or the previous card and
// the main line's length modulo 2, 3 or 4 (FamMod2, FamMod3, FamMod4). Its
// behaviour is a truth table: one 52-bit row of accepted cards per context
// value.
//
// A Space is built once and shared, read-only, by every worker; a Belief is
// per hand (players who share a space and prior share one Belief).
package hypotheses
