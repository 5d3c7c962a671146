// Package agents is how a scientist plays: a ladder of strategies from
// random to information-seeking, a model of a person at the table, an
// oracle that knows the rule, and outside programs over a JSON-lines
// protocol. Strategies are registered by name and built from spec strings
// such as "bayes-eig(lambda=0.5)".
//
// Every player sees only its sim.View; the oracle alone is given God's rule.
// Scientists that share a hypothesis space and label noise share one public
// record (one belief per hand), since they see the same verdicts.
package agents
