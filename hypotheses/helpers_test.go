package hypotheses

import "github.com/eleusis/eleusis/internal/ruletest"

// The helpers the tests of God's rule's packages share.
var (
	compile     = ruletest.Compile
	cards       = ruletest.Cards
	naiveStates = ruletest.NaiveStates
)
