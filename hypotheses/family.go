package hypotheses

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// Family names the feature of the main line a hypothesis reads besides the
// card; it fixes the hypothesis's contexts.
type Family uint8

// The families. A hypothesis that reads less than its family's feature is
// moved to the smaller family when the space is built.
const (
	FamPrev  Family = iota // context: the previous card (52 values)
	FamPrev2               // the previous card and the colour of prev2 (none, red, black)
	FamMod2                // the previous card and n % 2
	FamMod3                // the previous card and n % 3
	FamMod4                // the previous card and n % 4
	numFamilies
)

var familyNames = [numFamilies]string{"prev", "prev2", "mod2", "mod3", "mod4"}

// modulus is the period a position family reads (0 for the others).
func (f Family) modulus() int {
	switch f {
	case FamMod2:
		return 2
	case FamMod3:
		return 3
	case FamMod4:
		return 4
	}
	return 0
}

func (f Family) String() string {
	if f < numFamilies {
		return familyNames[f]
	}
	return fmt.Sprintf("Family(%d)", uint8(f))
}

// Contexts is the number of context values of the family.
func (f Family) Contexts() int {
	switch f {
	case FamPrev2:
		return 3 * 52
	}
	if k := f.modulus(); k > 0 {
		return k * 52
	}
	return 52
}

// context maps a state to the family's context value.
func (f Family) context(s state) int {
	switch f {
	case FamPrev2:
		return int(s.p2)*52 + int(s.prev)
	}
	if k := f.modulus(); k > 0 {
		return int(s.n12)%k*52 + int(s.prev)
	}
	return int(s.prev)
}

// state is the inverse of context: a representative state of the value.
func (f Family) state(x int) state {
	switch f {
	case FamPrev2:
		return state{prev: sim.Card(x % 52), p2: uint8(x / 52)}
	}
	if f.modulus() > 0 {
		return state{prev: sim.Card(x % 52), n12: uint8(x / 52)}
	}
	return state{prev: sim.Card(x)}
}

// stateOf is the state in which the next card of line is judged.
func stateOf(line []sim.Card) state {
	n := len(line)
	s := state{prev: line[n-1], n12: uint8(n % 12)}
	if n >= 2 {
		s.p2 = 2
		if line[n-2].Red() {
			s.p2 = 1
		}
	}
	return s
}
