package lab

import (
	"fmt"
	"slices"
	"strings"
)

// Design is how `eleusis bench` seats the strategies. A scientist's
// discovery of the rule depends on every experiment at its table, its
// neighbours' too: it can be credited to a strategy only at a table where
// nobody else experiments (solo) or where everyone plays as it does
// (homogeneous). Score is relative to the table and is compared in the
// mixed design.
type Design string

// The designs.
const (
	// Solo: one scientist alone against God (a one-seat table, allowed by
	// the option SoloOption).
	Solo Design = "solo"
	// Homogeneous: a table of copies of one strategy.
	Homogeneous Design = "homogeneous"
	// Mixed: the strategies together, seated by a balanced schedule
	// (Schedule), for score.
	Mixed Design = "mixed"
)

// Designs lists the designs in the order summaries show them.
var Designs = []Design{Solo, Homogeneous, Mixed}

// SoloOption is the override that lets one scientist play alone: no preset
// is for fewer than two players (docs/rules.md, min_players).
const SoloOption = "min_players=1"

// ParseDesigns reads a list such as "solo,mixed", in the order of Designs,
// each once.
func ParseDesigns(s string) ([]Design, error) {
	seen := map[Design]bool{}
	for _, x := range strings.Split(s, ",") {
		d := Design(strings.TrimSpace(x))
		if !slices.Contains(Designs, d) {
			return nil, fmt.Errorf("unknown design %q (use solo, homogeneous, mixed, or several separated by commas)", d)
		}
		seen[d] = true
	}
	var out []Design
	for _, d := range Designs {
		if seen[d] {
			out = append(out, d)
		}
	}
	return out, nil
}

// measures reports whether the design's hands are measured for discovery.
func (d Design) measures() bool { return d != Mixed }

// Design is the design of line-up i; "" for a plan without designs (rank's,
// or a bench run written before designs: rotations, summed up as mixed).
func (p *Plan) Design(i int) Design {
	if i < len(p.Designs) {
		return p.Designs[i]
	}
	return ""
}

// SeatBench seats the strategies for each design: solo, one one-seat
// line-up per strategy (adding SoloOption to the plan's options);
// homogeneous, one line-up of seats copies per strategy; mixed, the
// balanced Schedule of seats players. Every line-up plays the same deals
// and rules (the plan's seeds do not depend on the line-up).
func (p *Plan) SeatBench(strategies []string, designs []Design, seats int) error {
	for i, s := range strategies {
		if slices.Contains(strategies[:i], s) {
			return fmt.Errorf("strategy %s is given twice", s)
		}
	}
	if len(strategies) == 0 || len(designs) == 0 {
		return fmt.Errorf("bench needs strategies and a design")
	}
	p.Lineups, p.Designs = nil, nil
	for _, d := range designs {
		var lineups [][]string
		switch d {
		case Solo:
			for _, s := range strategies {
				lineups = append(lineups, []string{s})
			}
			if !slices.Contains(p.Options, SoloOption) {
				p.Options = append(p.Options, SoloOption)
			}
		case Homogeneous:
			if seats < 2 {
				return fmt.Errorf("the homogeneous design seats copies of a strategy: --seats must be at least 2 (one alone is the solo design)")
			}
			for _, s := range strategies {
				lu := make([]string, seats)
				for j := range lu {
					lu[j] = s
				}
				lineups = append(lineups, lu)
			}
		case Mixed:
			var err error
			if lineups, err = Schedule(strategies, seats); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown design %q", d)
		}
		p.Lineups = append(p.Lineups, lineups...)
		for range lineups {
			p.Designs = append(p.Designs, d)
		}
	}
	return nil
}

// maxSchedule bounds the line-ups of a mixed schedule: every line-up plays
// every rule, preset and repetition.
const maxSchedule = 2000

// Schedule seats k strategies at tables of s seats so that every strategy
// sits in every seat equally often and every ordered pair of different
// strategies sits in every ordered pair of seats equally often: wherever
// a strategy sits, it has every other strategy in every other seat as
// often as any (scores are relative to the table, and the seat order
// matters: the first player moves first, each player learns from the
// moves before his).
//
//   - k a prime power, s ≤ k: the rows of the k − 1 mutually orthogonal
//     Latin squares of order k built on the field GF(k) (Bose 1938, "On the
//     application of the properties of Galois fields to the problem of
//     construction of hyper-Graeco-Latin squares", Sankhyā 3: 323–338;
//     Colbourn & Dinitz, Handbook of Combinatorial Designs, 2nd ed.,
//     III.3): line-up (a, r), a ≠ 0, seats strategy r + a·x_j at seat j,
//     for distinct field elements x_0 … x_{s−1}. For seats i ≠ j and
//     strategies A ≠ B, r + a·x_i = A and r + a·x_j = B have exactly one
//     solution, a = (B − A)/(x_j − x_i), r = A − a·x_i: k(k − 1) line-ups,
//     each ordered pair once in each ordered pair of seats. The first k
//     (a = 1, prime k) are the cyclic rotations, each strategy once in
//     every seat.
//   - other k, s ≤ k: every ordered choice of s different strategies
//     (k!/(k − s)! line-ups), balanced by symmetry.
//   - s > k (a strategy sits more than once): every assignment of the k
//     strategies to the s seats but the k tables of one strategy alone
//     (k^s − k), balanced by symmetry.
func Schedule(strategies []string, seats int) ([][]string, error) {
	k, s := len(strategies), seats
	if s < 2 || k < 2 {
		return nil, fmt.Errorf("the mixed design needs at least 2 strategies and 2 seats (%d strategies, %d seats)", k, s)
	}
	var rows [][]int
	switch f, ok := galois(k); {
	case s <= k && ok:
		for a := 1; a < k; a++ {
			for r := range k {
				row := make([]int, s)
				for j := range row {
					row[j] = f.add[r][f.mul[a][j]]
				}
				rows = append(rows, row)
			}
		}
	case s <= k:
		if n := falling(k, s); n > maxSchedule {
			return nil, fmt.Errorf("a balanced mixed schedule of %d strategies at %d seats has %d line-ups (at most %d): use a prime or prime-power number of strategies (2, 3, 4, 5, 7, 8, 9, 11, 13, …: k(k − 1) line-ups) or fewer seats", k, s, n, maxSchedule)
		}
		rows = permutations(k, s)
	default:
		n := 1
		for range s {
			if n *= k; n > maxSchedule {
				return nil, fmt.Errorf("a balanced mixed schedule of %d strategies at %d seats has more than %d line-ups: use fewer seats", k, s, maxSchedule)
			}
		}
		for i := range n {
			row, x := make([]int, s), i
			for j := s - 1; j >= 0; j-- {
				row[j], x = x%k, x/k
			}
			if slices.ContainsFunc(row, func(v int) bool { return v != row[0] }) {
				rows = append(rows, row)
			}
		}
	}
	out := make([][]string, len(rows))
	for i, row := range rows {
		out[i] = make([]string, s)
		for j, x := range row {
			out[i][j] = strategies[x]
		}
	}
	return out, nil
}

// falling is k·(k−1)·…·(k−s+1), capped past maxSchedule.
func falling(k, s int) int {
	n := 1
	for i := range s {
		if n *= k - i; n > maxSchedule {
			return n
		}
	}
	return n
}

// permutations lists the ordered choices of s of 0…k−1 in lexicographic
// order.
func permutations(k, s int) [][]int {
	var out [][]int
	row := make([]int, 0, s)
	used := make([]bool, k)
	var rec func()
	rec = func() {
		if len(row) == s {
			out = append(out, slices.Clone(row))
			return
		}
		for x := range k {
			if !used[x] {
				used[x] = true
				row = append(row, x)
				rec()
				row = row[:len(row)-1]
				used[x] = false
			}
		}
	}
	rec()
	return out
}

// field is a finite field GF(q), q = p^m: its elements 0…q−1 are the
// polynomials of degree < m over Z_p, read as base-p numerals; add and mul
// are its tables.
type field struct {
	q        int
	add, mul [][]int
}

// galois builds GF(q) when q is a prime power (q ≥ 2).
func galois(q int) (*field, bool) {
	p := 2
	for q%p != 0 {
		p++
	}
	m := 0
	for x := q; x > 1; x /= p {
		if x%p != 0 {
			return nil, false
		}
		m++
	}
	digits := func(x int) []int {
		d := make([]int, m)
		for i := range d {
			d[i], x = x%p, x/p
		}
		return d
	}
	number := func(d []int) int {
		x := 0
		for i := len(d) - 1; i >= 0; i-- {
			x = x*p + d[i]
		}
		return x
	}
	mod := irreducible(p, m) // monic, degree m: coefficients 0…m
	f := &field{q: q, add: make([][]int, q), mul: make([][]int, q)}
	for a := range q {
		f.add[a], f.mul[a] = make([]int, q), make([]int, q)
		da := digits(a)
		for b := range q {
			db := digits(b)
			sum := make([]int, m)
			for i := range sum {
				sum[i] = (da[i] + db[i]) % p
			}
			f.add[a][b] = number(sum)
			prod := make([]int, 2*m)
			for i, x := range da {
				for j, y := range db {
					prod[i+j] = (prod[i+j] + x*y) % p
				}
			}
			f.mul[a][b] = number(polyMod(prod, mod, p)[:m])
		}
	}
	return f, true
}

// polyMod is the remainder of a by the monic polynomial mod over Z_p
// (coefficients from degree 0), as long as a.
func polyMod(a, mod []int, p int) []int {
	r := slices.Clone(a)
	m := len(mod) - 1
	for d := len(r) - 1; d >= m; d-- {
		if c := r[d]; c != 0 {
			for i, x := range mod {
				r[d-m+i] = ((r[d-m+i]-c*x)%p + p) % p
			}
		}
	}
	return r
}

// irreducible is the first monic polynomial of degree m over Z_p (in the
// order of its lower coefficients as a base-p numeral) with no monic
// factor of degree 1 … m/2.
func irreducible(p, m int) []int {
	poly := func(x, deg int) []int {
		c := make([]int, deg+1)
		for i := range deg {
			c[i], x = x%p, x/p
		}
		c[deg] = 1
		return c
	}
	pow := func(d int) int {
		n := 1
		for range d {
			n *= p
		}
		return n
	}
	for x := range pow(m) {
		f := poly(x, m)
		ok := true
		for d := 1; d <= m/2 && ok; d++ {
			for y := range pow(d) {
				r := polyMod(f, poly(y, d), p)
				if !slices.ContainsFunc(r[:d], func(c int) bool { return c != 0 }) {
					ok = false
					break
				}
			}
		}
		if ok {
			return f
		}
	}
	panic("lab: no irreducible polynomial") // one exists for every p and m
}
