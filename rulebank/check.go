package rulebank

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// CheckConfig is what `rules check` asks of rules beyond their analysis.
type CheckConfig struct {
	Analyse AnalyseConfig
	// AllowDeadEnds reports dead ends without failing the rules that have
	// them (a rule tagged dead-end in its bank never fails for one: its
	// author insists).
	AllowDeadEnds bool
	// NumberLine fails the rules that read more than the card and
	// prev.rank (beginners' rounds, NumberLine).
	NumberLine bool
}

// Check is the verdict of `rules check` on some rules: each rule's report,
// in the rules' order, and why each rule that failed failed.
type Check struct {
	Reports []Report
	// Failed names the rules that failed, in order; Why says why, one
	// error per failure (a rule may fail for one reason only).
	Failed []string
	Why    []error
}

// CheckRules analyses rules in parallel (one goroutine per core) and judges
// each: a rule fails when it cannot be analysed (it fails at run time),
// when it has a dead end that is neither tagged dead-end nor allowed, or,
// with NumberLine, when it is not a number-line rule.
func CheckRules(rules []*Compiled, cfg CheckConfig) Check {
	c := Check{Reports: make([]Report, len(rules))}
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.NumCPU(), max(1, len(rules))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c.Reports[i] = Analyse(rules[i], cfg.Analyse)
			}
		}()
	}
	for i := range rules {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, rep := range c.Reports {
		if err := judge(rules[i], rep, cfg); err != nil {
			c.Failed, c.Why = append(c.Failed, rep.Rule), append(c.Why, err)
		}
	}
	return c
}

// judge says why one rule fails the check (nil: it passes).
func judge(r *Compiled, rep Report, cfg CheckConfig) error {
	switch {
	case rep.Error != "":
		return fmt.Errorf("%s: %s", rep.Rule, rep.Error)
	case rep.DeadEnd != nil && !slices.Contains(r.Rule.Tags, "dead-end") && !cfg.AllowDeadEnds:
		only := ""
		if l := rep.DeadEnd.Legal; len(l) > 0 {
			only = fmt.Sprintf(" (the rule admits only %s there)", sim.CardsString(l))
		}
		// The advice follows the cause: a rule that admits nothing there
		// needs a card it admits; one whose few cards are all played needs
		// more of them.
		mend := "let the rule admit some card after such a line (an exception: after a king anything, say)"
		if !rep.DeadEnd.Structural {
			mend = "let the rule admit more cards where it admits few (after a face card anything, say, or steps counting round from King to Ace)"
		}
		return fmt.Errorf("%s has a dead end: after the main line %s (%s) %s%s, so a hand under it can get stuck; "+
			"%s, or tag it dead-end in its bank, or give --allow-dead-ends, to accept it",
			rep.Rule, sim.CardsString(rep.DeadEnd.Line), plural(len(rep.DeadEnd.Line), "card"), rep.DeadEndWhat(), only, mend)
	case cfg.NumberLine:
		return NumberLine(r)
	}
	return nil
}

// Err is the check's verdict as an error: nil when every rule passed, else
// which rules failed and, one line each, why.
func (c Check) Err() error {
	if len(c.Failed) == 0 {
		return nil
	}
	head := fmt.Errorf("%s failed the check: %s", plural(len(c.Failed), "rule"), strings.Join(c.Failed, ", "))
	return errors.Join(append([]error{head}, c.Why...)...)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
