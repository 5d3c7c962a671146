// Package reports turns results into what people read: terminal tables,
// Markdown, CSV and JSON (every summary in every format), and the refereed
// transcript of a hand.
package reports
