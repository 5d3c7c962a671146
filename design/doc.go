// Package design searches the space of rules for the ones God scores best
// with (`eleusis design`): a pipeline of four stages, each a function with
// a clear input and output.
//
//  1. Candidates (BuildPool): hypotheses of the scientists' grammar, and
//     the bank's rules mutated (Mutate) and combined (Combine) in the rule
//     language; each checked as `rules check` checks rules (Checker) and
//     pooled by behaviour (Pool: rules that agree on every reachable state
//     are one candidate).
//  2. Racing (Race): successive halving on paired seeds — every candidate
//     of a round plays the same deals — with the budget counted in hands;
//     later generations race the survivors with their own mutations.
//  3. The final evaluation: the top designed rules and the bank's best,
//     on fresh deals no round played (Disjoint), so that the figures
//     reported are free of the winner's curse; paired t-tests against the
//     bank's best (stats.PairedTTest).
//  4. Output (Result.Write): the designed rules as a rule bank, the
//     summaries in every format, the plot of the search.
//
// Every hand is played by the lab (lab.Lab): rounds and the final
// evaluation are lab runs in folders of their own, so that a search is
// reproducible from its seed at any number of workers, resumable, and each
// round replayable with `eleusis rerun`.
package design
