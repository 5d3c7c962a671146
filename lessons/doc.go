// Package lessons turns a hand into a lesson for a class. Narrate follows
// a hand move by move through a bot scientist's eyes — the leading rules
// and their probabilities, the card that would tell the two best apart,
// the moments worth stopping at — and checks every claim it makes of a
// rule against the hand (claims.go): "God's rule" is the class of rules
// the hand cannot tell apart from God's, a bold prediction is credited
// only to a rule that fitted every answer before it, a rule is said too
// narrow, too broad or both where the hand shows it. The Narration is
// written as Markdown, as a printable HTML pack (WritePack, the templates
// in lessonhtml/): the plan for an hour of 50 to 60 minutes, a slide deck
// with a "yes or no?" before every answer, a worksheet, a handout and a
// slide, the teacher's pages with an answer key, a version for younger
// students — and as a plot of the belief over moves, its labels placed
// without collisions. PlayLesson plays the hand first; TranscriptLesson
// reads a played one; WriteClassResults sums a class's hands up across its
// tables. TableCSV and HandReport show a hand's table and moves.
package lessons
