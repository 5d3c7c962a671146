// Package numkinds decides the kinds of whole numbers the rules name: a
// prime, a perfect square, a triangular number, a Fibonacci number, a
// power of two. The scientists' language (grammar: "the running total is
// never a perfect square") and the reader of rules in words (rulewords:
// "the two add up to a prime") both read this one table, so the two never
// disagree on what a kind holds.
package numkinds
