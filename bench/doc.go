// Package bench sums up a bench run by strategy and design (lab.Design): in
// the solo and homogeneous designs how often and how fast a strategy's own
// belief identified the rule, how well it predicted God's verdicts and how
// calibrated its confidence was, with what an ideal observer of its hands
// learnt beside it; in the mixed design the mean score, the win rate and
// the paired score differences between strategies. Bencher takes the
// records one by one (Bench all at once); the Leaderboard's Tables are
// rendered by render, LeaderboardPlot draws its figures; Bencher.Summed
// gives all three to the command line, and fails the run when a strategy
// failed more of its hands than MaxFailures allows. SpeedTable shows the
// lab's speed measurement (bench --perf).
package bench
