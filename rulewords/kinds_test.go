package rulewords

import (
	"math/rand"
	"testing"

	"github.com/expr-lang/expr"
)

// lineEnv is the rule language's main line, its last three cards and the
// card, and kinds of numbers worked out here apart from the reader's.
type lineEnv struct {
	Card  *oneCard   `expr:"card"`
	Prev  *oneCard   `expr:"prev"`
	Prev2 *oneCard   `expr:"prev2"`
	Prev3 *oneCard   `expr:"prev3"`
	Line  []*oneCard `expr:"line"`
	N     int        `expr:"n"`

	Prime  func(int) bool `expr:"prime"`
	Square func(int) bool `expr:"square"`
	Tri    func(int) bool `expr:"triangular"`
	Fib    func(int) bool `expr:"fibonacci"`
	Pow2   func(int) bool `expr:"power2"`
}

// kindsOfNumbers are the kinds, positive numbers, by their definitions.
func kindsOfNumbers(e *lineEnv) {
	e.Prime = func(k int) bool {
		if k < 2 {
			return false
		}
		for d := 2; d < k; d++ {
			if k%d == 0 {
				return false
			}
		}
		return true
	}
	e.Square = func(k int) bool {
		for r := 1; r*r <= k; r++ {
			if r*r == k {
				return true
			}
		}
		return false
	}
	e.Tri = func(k int) bool {
		for r := 1; r*(r+1)/2 <= k; r++ {
			if r*(r+1)/2 == k {
				return true
			}
		}
		return false
	}
	e.Fib = func(k int) bool {
		for a, b := 1, 1; a <= k; a, b = b, a+b {
			if a == k {
				return true
			}
		}
		return false
	}
	e.Pow2 = func(k int) bool {
		for p := 1; p <= k; p *= 2 {
			if p == k {
				return true
			}
		}
		return false
	}
}

// sampleLines are main lines of three decks shuffled, cut at every
// length from 3 to all 156 cards (whose total, 1092, is the greatest a
// running total reaches), each with every card played after it.
func sampleLines() []lineEnv {
	deck := allCards()
	var three []*oneCard
	for range 3 {
		for i := range deck {
			three = append(three, &deck[i])
		}
	}
	rng := rand.New(rand.NewSource(7))
	var out []lineEnv
	for round := range 6 {
		rng.Shuffle(len(three), func(i, j int) { three[i], three[j] = three[j], three[i] })
		for n := 3 + round; n <= len(three); n += 7 {
			line := append([]*oneCard(nil), three[:n]...)
			for c := range deck {
				e := lineEnv{Card: &deck[c], Line: line, N: n, Prev: line[n-1], Prev2: line[n-2], Prev3: line[n-3]}
				kindsOfNumbers(&e)
				out = append(out, e)
			}
		}
		line := append([]*oneCard(nil), three...)
		for c := range deck {
			e := lineEnv{Card: &deck[c], Line: line, N: len(line), Prev: line[len(line)-1], Prev2: line[len(line)-2], Prev3: line[len(line)-3]}
			kindsOfNumbers(&e)
			out = append(out, e)
		}
	}
	return out
}

// A kind of number (a prime, a perfect square, a triangular number, a
// Fibonacci number, a power of two) said of a term is its numbers listed
// as far as the term reaches; "not" and "never" are none of them. Every
// reading of each text must say what the rule meant says on every line
// sampled.
func TestKindsOfNumbers(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		{"en", "the sum of the card and the last card is a perfect square", `square(card.rank + prev.rank)`},
		{"en", "the two add up to a square number", `square(card.rank + prev.rank)`},
		{"en", "the card's rank is a Fibonacci number", `fibonacci(card.rank)`},
		{"en", "the difference is a power of two", `power2(abs(card.rank - prev.rank))`},
		{"en", "the last three make a triangular number", `triangular(prev.rank + prev2.rank + prev3.rank)`},
		{"en", "the card and the last card must add up to a triangular number", `triangular(card.rank + prev.rank)`},
		{"en", "the last two cards add up to a power of 2", `power2(prev.rank + prev2.rank)`},
		{"en", "the card times the last card is a perfect square", `square(card.rank * prev.rank)`},
		{"en", "the card plus the two before it make a fibonacci number", `fibonacci(card.rank + prev.rank + prev2.rank)`},
		{"en", "the card is a triangular number", `triangular(card.rank)`},
		{"en", "fibonacci numbers only", `fibonacci(card.rank)`},
		// a guard: read so before
		{"en", "the two add up to a prime", `prime(card.rank + prev.rank)`},
		// the running total reaches far beyond 23
		{"en", "the total including your card must be a prime", `prime(sum(line, .rank) + card.rank)`},
		{"en", "the running total is a square number", `square(sum(line, .rank))`},
		// not, never
		{"en", "the card and the last card never add up to a prime", `not prime(card.rank + prev.rank)`},
		{"en", "the difference must not be a perfect square", `not square(abs(card.rank - prev.rank))`},
		{"en", "the running total is never a triangular number", `not triangular(sum(line, .rank))`},
		{"en", "the two do not add up to a power of two", `not power2(card.rank + prev.rank)`},
		{"en", "the card's rank is never a Fibonacci number", `not fibonacci(card.rank)`},
		// other languages, beside their prime
		{"es", "la suma de la carta y la última carta es un cuadrado perfecto", `square(card.rank + prev.rank)`},
		{"es", "la suma de la carta y la última carta da una potencia de dos", `power2(card.rank + prev.rank)`},
		{"pt", "a soma da carta e a última carta é um número triangular", `triangular(card.rank + prev.rank)`},
		{"pt", "a soma da carta e a última carta é um número de Fibonacci", `fibonacci(card.rank + prev.rank)`},
		{"ca", "la suma de la carta i l'última carta és un nombre de Fibonacci", `fibonacci(card.rank + prev.rank)`},
		{"ca", "la suma de la carta i l'última carta és un quadrat perfecte", `square(card.rank + prev.rank)`},
	}
	envs := sampleLines()
	for _, c := range cases {
		t.Run(c.lang+" "+c.text, func(t *testing.T) {
			rs, err := ReadIn(c.lang, c.text)
			if err != nil {
				t.Fatal(err)
			}
			want, err := expr.Compile(c.want, expr.Env(lineEnv{}), expr.AsBool())
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				got, err := expr.Compile(r.Expr, expr.Env(lineEnv{}), expr.AsBool())
				if err != nil {
					t.Fatalf("reading %s: %v", r.Expr, err)
				}
				for _, env := range envs {
					x, err1 := expr.Run(got, env)
					y, err2 := expr.Run(want, env)
					if err1 != nil || err2 != nil || x != y {
						t.Errorf("read as %.200s: %v for a %d after %d cards (total %d), want %s (%v %v)", r.Expr, x, env.Card.Rank, env.N, total(env.Line), c.want, err1, err2)
						break
					}
				}
			}
		})
	}
}

func total(line []*oneCard) int {
	s := 0
	for _, c := range line {
		s += c.Rank
	}
	return s
}
