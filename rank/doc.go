// Package rank sums up the hands of a run by rule: how often the rule was
// found and how fast (Wilson intervals, Kaplan–Meier medians), what God
// scored, how the belief in God's rule grew over moves, and how the
// difficulty measures agree (rank correlations). Ranker takes the records
// one by one as the lab plays them (Rank takes them all at once); the
// Ranking's Tables are rendered by render, RankPlots draws its figures.
//
// The pipeline of `eleusis rank`: lab.Run → Ranker.Add (per hand) →
// Ranker.Summed (the Ranking, its tables and its plots) →
// render.Summed.Write and the printed tables. Ranker is one of the command
// line's summaries, as bench.Bencher is.
package rank
