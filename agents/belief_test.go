package agents

import (
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
)

// BeliefOf says of every strategy what its player does: a public belief is
// the table's shared record of that size and noise, own candidates are
// drawn from a space of that size and told after the hand (RuleHolder),
// an outside program states what it believes (BeliefStater), and the
// others keep no belief at all.
func TestBeliefOfIsWhatThePlayerDoes(t *testing.T) {
	k := NewKit()
	want := map[string]Mind{"random": NoRule, "oracle": KnowsRule, "bounded-human": OwnCandidates,
		"positive-tester": PublicBelief, "negative-tester": PublicBelief, "bayes-greedy": PublicBelief, "bayes-eig": PublicBelief}
	var specs []string
	for _, name := range Names() {
		specs = append(specs, name)
		if _, ok := want[name]; !ok {
			t.Errorf("%s: no expected mind in this test", name)
		}
	}
	specs = append(specs, "bayes-eig(size=2000,eps=0.1)", "falsifier(size=3000)")
	for _, text := range specs {
		s := spec(t, text)
		b := BeliefOf(s)
		if w, ok := want[s.Name]; ok && b.Mind != w {
			t.Errorf("%s: mind %v, want %v", text, b.Mind, w)
		}
		table := k.NewTable(rule(t, "card.color != prev.color"), 1, false)
		p, err := NewPlayer(s, table, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, holds := p.(RuleHolder)
		switch b.Mind {
		case PublicBelief:
			rec, err := table.Record(b.Size, b.Eps)
			if err != nil {
				t.Fatal(err)
			}
			if by, ok := p.(*bayes); !ok || by.rec != rec {
				t.Errorf("%s: its belief is not the table's record of size %d, eps %v", text, b.Size, b.Eps)
			}
		case OwnCandidates:
			if h, ok := p.(*human); !ok || !holds || h.sp.Len() != b.Size {
				t.Errorf("%s: own candidates from a space of %d, a RuleHolder: %T", text, b.Size, p)
			}
		default:
			if _, ok := p.(*bayes); ok || holds || b.Size != 0 {
				t.Errorf("%s: a belief %+v, a %T", text, b, p)
			}
		}
	}
	if b := BeliefOf(spec(t, "bayes-eig(size=2000,eps=0.1)")); b.Size != 2000 || b.Eps != 0.1 {
		t.Errorf("parameters not read: %+v", b)
	}
	if b := BeliefOf(spec(t, "bayes-eig")); b.Size != hypotheses.DefaultSize || b.Eps != 0 {
		t.Errorf("defaults not read: %+v", b)
	}
	if b := BeliefOf(spec(t, "exec:true")); b.Mind != StatesBelief || b.Size != 0 {
		t.Errorf("exec: %+v", b)
	}
	var _ BeliefStater = (*execAgent)(nil) // what an outside program states is asked by interface
}
