package design

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/eleusis/eleusis/hypotheses"
)

// Sources propose the rules of one generation: hypotheses of the
// scientists' grammar (drawn by their prior, so that every description
// length is represented), every single mutation of each parent (in a
// shuffled order), and combinations of a parent with a partner (a random
// pair, a random way of combining them). They take turns: grammar,
// mutation, combination, mutation.
type Sources struct {
	// Space: the grammar's hypotheses; nil proposes none.
	Space    *hypotheses.Space
	Parents  []*Candidate
	Partners []*Candidate
	Seed     uint64
}

// stream returns the sources' proposals one at a time, the same sequence
// for the same sources and seed; ok is false when every source is spent.
func (s Sources) stream() func() (Proposal, bool) {
	rng := rand.New(rand.NewPCG(s.Seed, 0x736f75726365))
	var muts []Proposal
	for _, p := range s.Parents {
		ms, err := Mutate(p.Expr)
		if err != nil {
			continue // a parent expr cannot parse: it has no mutations
		}
		for _, m := range ms {
			muts = append(muts, Proposal{Expr: m.Expr, Starter: p.Starter, Origin: FromMutation, Parents: []string{p.Name}, Op: m.Op, What: m.What})
		}
	}
	rng.Shuffle(len(muts), func(i, j int) { muts[i], muts[j] = muts[j], muts[i] })
	seen := map[int]bool{}
	grammar := func() (Proposal, bool) {
		if s.Space == nil || len(seen) >= s.Space.Len() {
			return Proposal{}, false
		}
		for {
			id := s.Space.SamplePrior(rng)
			if !seen[id] {
				seen[id] = true
				return Proposal{Expr: canonical(s.Space.Hyps[id].Expr), Origin: FromGrammar, What: fmt.Sprintf("%d bits", s.Space.Hyps[id].Length)}, true
			}
		}
	}
	mutation := func() (Proposal, bool) {
		if len(muts) == 0 {
			return Proposal{}, false
		}
		p := muts[0]
		muts = muts[1:]
		return p, true
	}
	combination := func() (Proposal, bool) {
		if len(s.Parents) == 0 || len(s.Partners) == 0 || (len(s.Partners) == 1 && s.Partners[0] == s.Parents[0] && len(s.Parents) == 1) {
			return Proposal{}, false
		}
		for {
			a, b := s.Parents[rng.IntN(len(s.Parents))], s.Partners[rng.IntN(len(s.Partners))]
			if a.Expr == b.Expr {
				continue
			}
			cs := Combine(a.Expr, b.Expr)
			m := cs[rng.IntN(len(cs))]
			return Proposal{Expr: m.Expr, Starter: a.Starter, Origin: FromCombination, Parents: []string{a.Name, b.Name}, Op: m.Op, What: m.What}, true
		}
	}
	turns := []func() (Proposal, bool){grammar, mutation, combination, mutation}
	k := 0
	return func() (Proposal, bool) {
		for range len(turns) {
			p, ok := turns[k%len(turns)]()
			k++
			if ok {
				return p, true
			}
		}
		return Proposal{}, false
	}
}

// PoolStats says how a generation's pool was made.
type PoolStats struct {
	Generation int `json:"generation"`
	// Tried: proposals checked; Kept: new candidates pooled; Merged:
	// proposals that behave as a pooled candidate; Carried: candidates of
	// the previous generation (or rules of the bank) pooled first.
	Tried    int            `json:"tried"`
	Kept     int            `json:"kept"`
	Merged   int            `json:"merged"`
	Carried  int            `json:"carried"`
	Rejected map[string]int `json:"rejected"`
}

// checkBatch is how many proposals are checked in parallel at a time.
const checkBatch = 64

// BuildPool makes a generation's pool: first the carried candidates (the
// survivors of the last generation) and the first proposals (the bank's
// rules), then the sources' proposals, checked in parallel on workers
// goroutines (0: all cores) and pooled in order until want new candidates
// are in (or the sources are spent, or 40 × want proposals were tried).
// New candidates are named gGEN-NNNN. The pool is the same at any number
// of workers. progress (if not nil) is told of the new candidates pooled.
func BuildPool(ctx context.Context, gen int, carried []*Candidate, first []Proposal, src Sources, want int, ck Checker, workers int,
	progress func(done, total int)) (*Pool, PoolStats, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	pool := NewPool()
	st := PoolStats{Generation: gen, Rejected: map[string]int{}}
	for _, c := range carried {
		if _, err := pool.Add(c); err != nil {
			return nil, st, err
		}
		st.Carried++
	}
	next := src.stream()
	queue := first
	for st.Kept < want && st.Tried < 40*max(want, 1) {
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		batch := make([]Proposal, 0, checkBatch)
		for len(batch) < checkBatch {
			if len(queue) > 0 {
				batch, queue = append(batch, queue[0]), queue[1:]
				continue
			}
			p, ok := next()
			if !ok {
				break
			}
			batch = append(batch, p)
		}
		if len(batch) == 0 {
			break
		}
		type checked struct {
			c      *Candidate
			reason string
		}
		res := make([]checked, len(batch))
		eg, _ := errgroup.WithContext(ctx)
		eg.SetLimit(workers)
		for i, p := range batch {
			eg.Go(func() error {
				res[i].c, res[i].reason = ck.Check(p)
				return nil
			})
		}
		eg.Wait()
		for _, r := range res {
			if st.Kept >= want {
				break
			}
			st.Tried++
			if r.reason != "" {
				st.Rejected[r.reason]++
				continue
			}
			c := r.c
			c.Generation = gen
			bank := c.Origin == FromBank
			if !bank {
				c.Name = fmt.Sprintf("g%d-%04d", gen, st.Kept+1)
			}
			merged, err := pool.Add(c)
			if err != nil {
				return nil, st, err
			}
			switch {
			case merged != nil:
				st.Merged++
				st.Rejected[RejectDuplicate]++
			case bank:
				st.Carried++
			default:
				st.Kept++
				if progress != nil {
					progress(st.Kept, want)
				}
			}
		}
	}
	return pool, st, nil
}
