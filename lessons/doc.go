// Package lessons turns a hand into a lesson for a class. Narrate follows
// a hand move by move through a bot scientist's eyes — the leading rules
// and their probabilities, the card that would tell the two best apart,
// the moments worth stopping at — and the Narration is written as
// Markdown, as a printable HTML pack with a handout and an answer key
// (WritePack, the templates in lessonhtml/), and as a plot of the belief
// over moves. PlayLesson plays the hand first; TranscriptLesson reads a
// played one. TableCSV and HandReport show a hand's table and moves.
package lessons
