// Package sim is the table and the referee of Eleusis: cards, decks, the main
// line and its error columns, the options and presets of docs/rules.md, and the
// engine that plays one hand (or a whole game) move by move. (Many hands
// are played in parallel by the lab package's Run.)
//
// The engine never sees how God's rule is written: it asks a Judge (which the
// rulebank package provides) whether a card may follow the main line. Players
// never see the rule either: they get a View, which holds exactly what a person
// at the table sees.
//
// Cards are conserved: deck + hands + main line + error columns (+ the cards God
// has set aside) is the same number after every move. Hand.CheckConservation
// proves it and the tests call it after every move of every simulated hand.
//
// A hand can be written down (TranscriptOf, WriteTranscript) and refereed
// back (ParseTranscript, Replay) to exactly the same result; Replay takes the
// checked path (every move validated, a refused move changes nothing), the
// simulation the fast one. What a judged move says about the rule is decoded
// in one place, DecodeMove (and DecodeOpening), for every reader. A move is
// recorded once, MoveRecord, and written for each reader in a form of its own
// (MoveForm: hands.jsonl's, the outside agents' wire's, a report's).
package sim
