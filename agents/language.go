package agents

// RuleLanguage is the reference of the rule language that outside agents
// receive in their first new_hand (docs/agent-protocol.md): the names a
// rule may read, a card's fields, and examples. It is the table of the
// project's rule-language reference (docs/rule-language.md); a test keeps
// the names equal to what rulebank compiles rules against, and compiles
// every example.
type RuleLanguage struct {
	Summary    string        `json:"summary"`
	Names      []LangName    `json:"names"`
	CardFields []LangName    `json:"card_fields"`
	Operators  string        `json:"operators"`
	Examples   []LangExample `json:"examples"`
	Reference  string        `json:"reference"`
}

// LangName is one name of the rule language: its type and meaning.
type LangName struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Meaning string `json:"meaning"`
}

// LangExample is a rule and what it says.
type LangExample struct {
	Rule string `json:"rule"`
	Says string `json:"says"`
}

// Language is the rule language's reference.
func Language() *RuleLanguage { return &ruleLanguage }

var ruleLanguage = RuleLanguage{
	Summary: "A rule is a boolean expression in the expr language (github.com/expr-lang/expr). " +
		"It answers one question: may `card` be placed next on the main line? " +
		"A stated rule (a guess, or a belief's rule) is written the same way.",
	Names: []LangName{
		{"card", "Card", "the card being judged"},
		{"prev", "Card", "the last card of the main line (there is always one: the starter)"},
		{"prev2", "Card or nil", "the card two back; nil while the main line is shorter"},
		{"prev3", "Card or nil", "the card three back; nil while the main line is shorter"},
		{"line", "array of Card", "the whole main line, oldest first (line[0] is the starter)"},
		{"n", "int", "len(line), the number of main-line cards before card"},
	},
	CardFields: []LangName{
		{"rank", "int", "1 (Ace) … 10, 11 (Jack), 12 (Queen), 13 (King)"},
		{"suit", "string", `"spades", "hearts", "diamonds" or "clubs"`},
		{"color", "string", `"red" (hearts, diamonds) or "black" (spades, clubs)`},
		{"face", "bool", "Jack, Queen or King"},
		{"even", "bool", "the rank is even"},
		{"odd", "bool", "the rank is odd"},
	},
	Operators: "All of expr's operators and built-ins: == != < <= > >=, and or not, ? :, in, + - * / %, " +
		"abs, all, any, filter, count, len, and map literals such as {\"spades\": \"hearts\"}[prev.suit]. " +
		"Guard prev2 and prev3 with `!= nil`.",
	// Examples: rules of no bank (a test compares each with every rule of
	// the default bank): an example that were God's rule would hand an
	// agent, an LLM above all, the answer.
	Examples: []LangExample{
		{`prev.color == "red" ? card.rank > prev.rank : card.rank < prev.rank`, "after a red card go higher, after a black one lower"},
		{`{"spades": "clubs", "clubs": "hearts", "hearts": "spades", "diamonds": "diamonds"}[prev.suit] != card.suit`, "not the suit the last card's suit points to: ♠ → ♣ → ♥ → ♠, ♦ → ♦"},
		{`card.face ? prev.color == "black" : card.rank % 3 != 0`, "a face card only after black; any other card with a rank not divisible by 3"},
		{`abs(card.rank - prev.rank) <= 3 or card.suit == "clubs"`, "within 3 ranks of the last card, or any club"},
		{`prev2 != nil and prev2.suit == prev.suit ? card.suit != prev.suit : true`, "never three cards of one suit in a row"},
		{`n % 3 == 0 ? card.rank >= 9 : card.rank <= 10`, "every third card (n counts the main-line cards before this one) 9 or higher, the others 10 or lower"},
		{`card.even == (prev.rank > 7)`, "even after a card above 7, odd after one of 7 or lower"},
	},
	Reference: "docs/rule-language.md in the eleusis repository",
}
