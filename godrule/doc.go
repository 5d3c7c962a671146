// Package godrule is God's rule alone: the main lines his legal play
// reaches from an opening, and his verdicts on them, before any scientist
// reads them.
//
// A hand can only go where God's rule lets it: from its opening (the
// starter, or a longer main line), every legal card leads to a new main
// line, and nothing else does. A Chart holds what a rule's legal play
// reaches, charted once per rule and read by every reader (the hypothesis
// spaces of package hypotheses, through their behaviour classes):
//
//   - For a rule that reads at most the card two back and neither n nor
//     line, God judges a card by its window (Window: the last two cards
//     and n mod 12), and every window reachable from every starter, or
//     from one opening (Reach), is enumerated exactly by a breadth-first
//     search over his truth table, each card identity in unlimited supply.
//   - For every rule, random legal walks from each starter (Walks) and,
//     per opening, from that opening (Opening): the main lines with God's
//     verdicts after each, seeded by the opening's name (Key), so that
//     every hand with that opening sees the same sample. A rule of prev3,
//     n or line is charted by its walks alone (Exact false).
//
// On a chart, a search says where two readings of the line part
// (SearchWindows over the windows, shortest first; SearchWalks on walks),
// and CheckStated compares a stated rule, an expression a player offers,
// with God's on the states a hand could reach.
//
// The package knows God's rule and the cards, nothing of the hypotheses:
// a reader brings its own view of a state (a differ function over windows
// or lines, a Key naming openings by what it reads).
package godrule
