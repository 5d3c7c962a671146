package hypotheses

import (
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/eleusis/eleusis/rulebank"
)

// Report is what `eleusis space` says of a space: how the grammar
// collapsed, the hypotheses of each family, the most probable a priori,
// and where God's rules sit in the open language.
type Report struct {
	Stats Stats `json:"stats"`
	// Families: the hypotheses kept that read each family's features, in
	// the order of Families().
	Families []FamilyCount `json:"-"`
	Top      []TopHyp      `json:"top"`
	Rules    []RulePlace   `json:"rules,omitempty"`
}

// FamilyCount is how many hypotheses a family holds.
type FamilyCount struct {
	Family Family
	Count  int
}

// TopHyp is one of the most probable hypotheses a priori.
type TopHyp struct {
	Hypothesis
	Prior float64 `json:"prior"`
}

// RulePlace is where one of God's rules sits in the open language, with
// its behaviour class in the index: the hypotheses that behave as it does
// on the states its hands reach (Class), and how many states those are.
type RulePlace struct {
	Place
	Class  int `json:"class_size"`
	States int `json:"states_visited"`
}

// Report describes the space: its statistics and families, its top most
// probable hypotheses a priori, and the place of each rule (placed in
// parallel, with cfg's budget; truth gives a rule's behaviour class in the
// space, which the caller may keep between calls).
func (sp *Space) Report(top int, rules []*rulebank.Compiled, truth func(*rulebank.Compiled) (*Truth, error), cfg PlaceConfig) (Report, error) {
	r := Report{Stats: sp.Stats}
	count := map[Family]int{}
	for _, h := range sp.Hyps {
		if h.Expr != "" {
			count[h.Family]++
		}
	}
	for _, f := range Families() {
		r.Families = append(r.Families, FamilyCount{f, count[f]})
	}
	ids, ps := sp.NewBelief(0).Top(top)
	for i, id := range ids {
		r.Top = append(r.Top, TopHyp{sp.Hyps[id], ps[i]})
	}
	if len(rules) == 0 {
		return r, nil
	}
	r.Rules = make([]RulePlace, len(rules))
	var grp errgroup.Group
	grp.SetLimit(runtime.GOMAXPROCS(0))
	// Fewer rules than cores: each placement may use the idle ones.
	cfg.Ahead = cfg.Ahead || len(rules) < runtime.GOMAXPROCS(0)
	for i, rule := range rules {
		grp.Go(func() error {
			tr, err := truth(rule)
			if err != nil {
				return err
			}
			p, err := sp.Place(rule, false, cfg)
			if err != nil {
				return err
			}
			r.Rules[i] = RulePlace{Place: p, Class: len(tr.IDs), States: tr.States}
			return nil
		})
	}
	return r, grp.Wait()
}
