package lessons

import (
	"os"
	"path/filepath"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/atomicfile"
)

// PackOptions choose what a classroom pack holds.
type PackOptions struct {
	// HandoutMove: the handout shows the table after this move (0: the
	// narration's HandoutMove).
	HandoutMove int
	// Markdown: the narration as hand.md (nil: not written).
	Markdown []byte
	// Lang: the pack's language, one of i18n.Languages (zero: English):
	// every page, hand.md made with MarkdownIn, and the plot.
	Lang language.Tag
}

// WritePack writes the classroom pack into dir and returns the names of
// the files written.
func (n *Narration) WritePack(dir string, o PackOptions) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	write := func(name string, data []byte) error {
		files = append(files, name)
		return atomicfile.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	if o.Markdown != nil {
		if err := write("hand.md", o.Markdown); err != nil {
			return files, err
		}
	}
	lang := o.Lang
	if lang == (language.Tag{}) {
		lang = language.English
	}
	csvData, err := TableCSVIn(n.Result, &n.Options, n.seatNames(i18n.NewPrinter(lang)), lang)
	if err != nil {
		return files, err
	}
	if err := write("table.csv", csvData); err != nil {
		return files, err
	}
	move := o.HandoutMove
	if move == 0 {
		move = n.HandoutMove()
	}
	pages, err := n.lessonHTMLIn(move, lang)
	if err != nil {
		return files, err
	}
	for _, name := range packPages {
		if err := write(name, pages[name]); err != nil {
			return files, err
		}
	}
	if err := n.BeliefPlotIn(dir, lang); err != nil {
		return files, err
	}
	files = append(files, "hand-belief.png", "hand-belief.svg")
	return files, nil
}
