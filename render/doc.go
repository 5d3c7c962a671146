// Package render shows summaries to people and programs. A Table of typed
// Cells is rendered as a terminal table (fitted to a width), Markdown, CSV
// (one tidy table per file) or JSON (the summary's own data); WriteAll
// writes every format of a summary into a run folder, and Summed.Write a
// run's whole summary (its tables and its plots). Figures are drawn
// with gonum/plot as PNG and SVG: interval rows, learning curves, lines,
// Kaplan–Meier panels and the reliability diagram, each with its title and
// caption.
package render
