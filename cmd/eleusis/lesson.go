package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// handFlags choose the narrated hand: rule, preset, line-up, seed and the
// seat whose belief is told — or a transcript of a hand already played.
type handFlags struct {
	rule, preset, lineup string
	seed                 uint64
	player               int
	transcript           string
	sandbox              sandboxFlags
}

func (hf *handFlags) register(c *cobra.Command, g *global) {
	c.Flags().StringVar(&hf.rule, "rule", "black-high-red-low", "God's rule (a `name` of the bank)")
	c.Flags().StringVar(&hf.preset, "preset", "new-eleusis", "the `preset` (eleusis presets lists them)")
	c.Flags().StringVar(&hf.lineup, "lineup", strings.Join(agents.LessonLineup, ";"), "strategies by seat, separated by ';'")
	c.Flags().Uint64Var(&hf.seed, "seed", 1, "the hand's seed")
	c.Flags().IntVar(&hf.player, "player", 1, "the `seat` (1 = left of God) whose belief is told; a strategy without a belief is told as an ideal observer")
	c.Flags().StringVar(&hf.transcript, "transcript", "", "narrate the hand written in this transcript `file` (docs/files.md; the web table's download) instead of playing one")
	c.RegisterFlagCompletionFunc("preset", completePresets)
	g.completeRules(c, "rule")
	g.bankFlags(c)
	hf.sandbox.register(c)
}

// narrate plays the hand the flags describe (or reads it from the
// transcript, for a reader of language lang: a transcript that does not say
// its language writes its cards in that language's suit letters) and
// narrates it. The transcript's own language is returned ("" for none).
func (g *global) narrate(c *cobra.Command, hf handFlags, lang language.Tag) (*lessons.Narration, string, error) {
	bank, err := g.loadBank()
	if err != nil {
		return nil, "", err
	}
	kit := agents.NewKit()
	defer kit.Close() // persistent outside agents
	hf.sandbox.confine(g, kit, strings.Contains(hf.lineup, "exec"), g.bank, hf.transcript)
	if hf.transcript != "" {
		for _, f := range []string{"rule", "preset", "lineup", "seed", "player"} {
			if c.Flags().Changed(f) {
				return nil, "", fmt.Errorf("--%s does not go with --transcript: the transcript says how the hand was played", f)
			}
		}
		return readTranscript(kit, bank, hf.transcript, lang)
	}
	r, err := bank.Get(hf.rule)
	if err != nil {
		return nil, "", err
	}
	opts, err := sim.Preset(hf.preset)
	if err != nil {
		return nil, "", err
	}
	specs, err := agents.ParseLineup(hf.lineup)
	if err != nil {
		return nil, "", err
	}
	if hf.player < 1 || hf.player > len(specs) {
		return nil, "", fmt.Errorf("--player %d: the line-up has seats 1 to %d", hf.player, len(specs))
	}
	n, err := lessons.PlayLesson(kit, lessons.LessonHand{Rule: r, Preset: hf.preset, Options: opts, Lineup: specs, Seed: hf.seed, Follow: hf.player - 1})
	return n, "", err
}

// readTranscript narrates the hand written in a transcript file, read for
// a reader of language lang; it returns the transcript's own language too.
func readTranscript(kit *agents.Kit, bank *rulebank.Bank, file string, lang language.Tag) (*lessons.Narration, string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, "", err
	}
	base, _ := lang.Base()
	t, err := sim.ParseTranscriptIn(file, data, base.String()) // its errors name the file and line
	if err != nil {
		return nil, "", err
	}
	rule, err := bank.Lookup(t.RuleName, t.Rule, file)
	if err != nil {
		return nil, "", err
	}
	n, err := lessons.TranscriptLesson(kit, rule, t, file)
	return n, t.Lang, err
}

// transcriptFiles are the files --transcripts names: files, and the
// transcripts (.yaml, .yml) of folders, in order.
func transcriptFiles(list string) ([]string, error) {
	var files []string
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		st, err := os.Stat(item)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, item)
			continue
		}
		var in []string
		for _, pat := range []string{"*.yaml", "*.yml"} {
			m, err := filepath.Glob(filepath.Join(item, pat))
			if err != nil {
				return nil, err
			}
			in = append(in, m...)
		}
		if len(in) == 0 {
			return nil, fmt.Errorf("--transcripts: %s holds no transcript (.yaml or .yml)", item)
		}
		slices.Sort(in)
		files = append(files, in...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("--transcripts names no file")
	}
	return files, nil
}

func transcriptCmd(g *global) *cobra.Command {
	var hf handFlags
	var lang string
	c := &cobra.Command{
		Use:   "transcript",
		Short: "Narrate one hand as Markdown for a class",
		Long: `transcript plays one hand (or reads one with --transcript) and tells it move
by move: what was played and God's answer; whether the play was a positive or
a negative test of the mover's own best rule; what the followed scientist
believed (its most probable rules, in words and as expressions), the
information each answer carried, and the moments worth a discussion — a risky
prediction that came true, a refuted favourite, the card that would best tell
the two leading rules apart or the fact that no card can (underdetermination),
a space of hypotheses that ran empty — and at the end whether its best rule is
right on this hand, and right everywhere.`,
		Example: `  eleusis transcript --rule same-suit --seed 7 > hand.md
  eleusis transcript --lineup "random;positive-tester(size=20000);bayes-eig;bounded-human" --player 2
  eleusis transcript --transcript our-hand.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			tag, err := i18n.Parse(lang)
			if err != nil {
				return fmt.Errorf("--lang: %w", err)
			}
			n, said, err := g.narrate(cmd, hf, tag)
			if err != nil {
				return saidIn(err, tag)
			}
			return n.MarkdownIn(g.out, packLang(cmd, tag, said))
		},
	}
	hf.register(c, g)
	c.Flags().StringVar(&lang, "lang", "en", "the narration's `language`: en, pt (Português), es (Español) or ca (Valencià)")
	return c
}

func lessonCmd(g *global) *cobra.Command {
	var hf handFlags
	var out string
	var handout int
	var lang, transcripts string
	c := &cobra.Command{
		Use:   "lesson",
		Short: "Write a classroom pack: a printable lesson, a student handout, the table as CSV, plots",
		Long: `lesson plays one hand (or reads one with --transcript) and writes into --out:

  plan.html      the lesson plan on one page: an hour of 50 to 60 minutes (rules,
                 play on the deck, handout, the rest of the hand, discussion, an
                 extension when the hand leaves time), which question when, what
                 to write on the board, what a class said, each bot in a sentence
  deck.html      the hand for the projector, one landscape slide per move: the
                 table, the card played, "yes or no?" (without the rule)
  worksheet.html each student's table of moves to fill in: what my rule says,
                 what God said, a positive or a negative test
  lesson.html    the teacher's pages, printable on A4 or Letter: God's rule, who
                 played, the table drawn as cards, the moments worth a
                 discussion, the belief plot, discussion questions with their
                 answers, an answer key, the sources, every move in an appendix
  handout.html   the students' page, without the rule: the table up to a move
                 (--handout-move), "what rule could it be? which card would you
                 play to test it?"
  slide.html     the table at the handout move, one landscape page to pin up
  younger.html, younger-handout.html   the hand for younger students, in plain
                 words (no bits, no expressions)
  hand.md        the narrated hand (as eleusis transcript writes it)
  table.csv      every card laid, with the move and the player that laid it
  hand-belief.png/svg   belief in God's rule and in the leading rival (named),
                 move by move, the moves where the lead changed marked

With --transcripts (files separated by commas, or folders of them) it writes
results.html instead: a class's results across its tables — tests made,
refutations, who found the rule and when.`,
		Example: `  eleusis lesson --rule suit-cycle-sdch --out lesson/
  eleusis lesson --rule same-suit --seed 7 --handout-move 12 --out lesson/
  eleusis lesson --transcript our-hand.yaml --out lesson/
  eleusis lesson --transcripts thursday/ --lang pt --out results/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("lesson needs --out (a folder)")
			}
			if err := atLeast("handout-move", handout, 0); err != nil {
				return err
			}
			tag, err := i18n.Parse(lang)
			if err != nil {
				return fmt.Errorf("--lang: %w", err)
			}
			if transcripts != "" {
				return g.classResults(cmd, hf, transcripts, out, tag)
			}
			n, said, err := g.narrate(cmd, hf, tag)
			if err != nil {
				return saidIn(err, tag)
			}
			tag = packLang(cmd, tag, said)
			if handout > len(n.Steps) {
				return fmt.Errorf("--handout-move %d: the hand has %d moves", handout, len(n.Steps))
			}
			var md bytes.Buffer
			if err := n.MarkdownIn(&md, tag); err != nil {
				return err
			}
			files, err := n.WritePack(out, lessons.PackOptions{HandoutMove: handout, Markdown: md.Bytes(), Lang: tag})
			if err != nil {
				return err
			}
			fmt.Fprintf(g.out, "wrote %s: %s\n", out, strings.Join(files, ", "))
			return nil
		},
	}
	hf.register(c, g)
	c.Flags().StringVar(&out, "out", "", "the `folder` for the pack")
	c.Flags().StringVar(&lang, "lang", "en", "the pack's `language`: en, pt (Português), es (Español) or ca (Valencià) — every page, hand.md and the plot")
	c.Flags().StringVar(&transcripts, "transcripts", "", "a class's hands: transcript `files` separated by commas, or folders of them; writes results.html, the class's results across its tables (tests, refutations, who found the rule and when)")
	c.Flags().IntVar(&handout, "handout-move", 0, "the handout shows the table after this `move` (0: the first move after which the rules this hand cannot tell from God's hold more than half the followed belief, but not before move 6; two thirds of the hand if they never do)")
	return c
}

// packLang is the pack's language: --lang when given, else the language
// the transcript says it is written in, else English.
func packLang(c *cobra.Command, tag language.Tag, said string) language.Tag {
	if c.Flags().Changed("lang") || said == "" {
		return tag
	}
	if t, err := i18n.Parse(said); err == nil {
		return t
	}
	return tag
}

// classResults reads a class's transcripts and writes its results across
// its tables.
func (g *global) classResults(c *cobra.Command, hf handFlags, list, out string, tag language.Tag) error {
	for _, f := range []string{"transcript", "rule", "preset", "lineup", "seed", "player", "handout-move"} {
		if c.Flags().Changed(f) {
			return fmt.Errorf("--%s does not go with --transcripts: the transcripts say how each hand was played", f)
		}
	}
	files, err := transcriptFiles(list)
	if err != nil {
		return err
	}
	bank, err := g.loadBank()
	if err != nil {
		return err
	}
	kit := agents.NewKit()
	defer kit.Close()
	var hands []*lessons.Narration
	for _, file := range files {
		n, _, err := readTranscript(kit, bank, file, tag)
		if err != nil {
			return saidIn(err, tag)
		}
		hands = append(hands, n)
	}
	if err := lessons.WriteClassResults(out, hands, tag); err != nil {
		return err
	}
	fmt.Fprintf(g.out, "wrote %s: results.html (%d tables)\n", out, len(hands))
	return nil
}

// saidIn is a transcript's error in the language of --lang (the place and
// the reason; other errors as they are).
func saidIn(err error, tag language.Tag) error {
	var te *sim.TranscriptError
	if errors.As(err, &te) && tag != language.English {
		return errors.New(te.In(i18n.NewPrinter(tag)))
	}
	return err
}
