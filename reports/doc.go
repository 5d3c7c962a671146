// Package reports is the lab and what people read from it. It plays plans of
// hands in parallel (Lab.Run: paired seeds, hands.jsonl, resume, shards and
// Merge), sums them up with statistics on gonum (Wilson, t and bootstrap
// intervals, Spearman, Kendall, Kaplan–Meier — each with its formula and
// source in its doc comment), ranks rules (Rank) and strategies (Bench),
// narrates hands for a class (Narrate, TableCSV), draws plots with
// gonum/plot, and renders every summary as a terminal table, Markdown, CSV
// and JSON.
package reports
