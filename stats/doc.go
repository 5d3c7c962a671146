// Package stats holds the estimators and tests the summaries use, on
// gonum: Wilson intervals for shares, t and bootstrap intervals for means,
// Spearman's and Kendall's rank correlations, the Kaplan–Meier curve of
// discovery times with its median and interval, the calibration of stated
// confidences (Brier score, expected calibration error), and the mean of
// learning curves of different lengths. Each function's comment gives its
// formula and its source; the tests check them against published values
// and hand-computed cases.
//
// Interval and Num are written to JSON with null for a value that is not a
// number (an empty sample), never as NaN.
package stats
