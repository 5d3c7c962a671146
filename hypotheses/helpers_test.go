package hypotheses

import (
	"time"

	"github.com/eleusis/eleusis/internal/ruletest"
)

// The helpers the tests of God's rule's packages share.
var (
	compile     = ruletest.Compile
	cards       = ruletest.Cards
	naiveStates = ruletest.NaiveStates
)

// testPlace is DefaultPlace for the tests that place a rule: its work
// bounds decide the place, and its Budget, a guard on wall time, is
// raised far past them. Under load (CI beside other builds) the guard
// cut TestPlaceFarFindsAnOrderWithinASuit at 120 s: a test's verdict
// must not depend on how busy the machine is.
var testPlace = func() PlaceConfig {
	c := DefaultPlace
	c.Budget = 30 * time.Minute
	return c
}()
