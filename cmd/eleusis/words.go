package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/docs"
	"github.com/eleusis/eleusis/llm"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// exitError is an error with its own exit status (rules compare: 1 when
// the rules differ, 2 when undecided).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// texts are the command's texts: the arguments, or one per line of --file
// (- for standard input), blank lines and # comments skipped.
func texts(args []string, file string, stdin io.Reader) ([]string, error) {
	if file == "" {
		if len(args) == 0 {
			return nil, errors.New("give a text, or --file")
		}
		return []string{strings.Join(args, " ")}, nil
	}
	if len(args) > 0 {
		return nil, errors.New("give a text or --file, not both")
	}
	r := stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

func fromWordsCmd(g *global) *cobra.Command {
	var file, lang string
	var llm llmFlags
	cmd := &cobra.Command{
		Use:   "from-words TEXT",
		Short: "Read a rule written in words: its expression, its words, its analysis",
		Long: `from-words reads a rule written in plain English, Portuguese, Spanish or Valencian
("only red cards", "if the last card was black play 7 or higher, otherwise 6 or
lower", "só cartas pretas") and prints the expression it read, that rule said back
in words (check that it is what you meant), its analysis (look-back, acceptance,
dead ends) and a few main lines with God's verdicts. --lang names the language;
auto (the default) tries the languages whose words the text uses most first. A
text read in more than one way gives every reading and none is chosen; one it
cannot read, or that reads only as a rule no card can follow (or, saying more than
"any card", only as one that accepts every card), is an error: it never guesses.
With --llm, a text the parser cannot read goes to a language model
(OpenAI-compatible); its answer is compiled and said back, and refused if it is not
a rule. The exit status is 1 when some text was not read.`,
		Example: `  eleusis rules from-words 'red cards below 8, black cards above 7'
  eleusis rules from-words --lang pt 'se a última for vermelha, joga preta; senão, vermelha'
  eleusis rules from-words --file rules.txt --format json
  eleusis rules from-words --llm --llm-url http://localhost:11434/v1 --llm-model qwen2.5 'reds on odd turns'`,
		RunE: func(c *cobra.Command, args []string) error {
			ts, err := texts(args, file, c.InOrStdin())
			if err != nil {
				return err
			}
			if err := checkLang(lang); err != nil {
				return err
			}
			translate, err := llm.translator()
			if err != nil {
				return err
			}
			return g.fromWords(lang, ts, translate)
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "read one text per line of this `file` (- for standard input)")
	cmd.Flags().StringVar(&lang, "lang", "auto", "the `language` of the texts: en, pt, es, ca, or auto (each in turn, likeliest first)")
	cmd.Flags().StringVar(&g.format, "format", "table", "output `format`: table or json (one object per text)")
	cmd.RegisterFlagCompletionFunc("lang", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return append([]string{"auto", "en"}, rulewords.Languages()...), cobra.ShellCompDirectiveNoFileComp
	})
	llm.register(cmd)
	return cmd
}

// fromWords reads each text as a rule and prints the answer in --format;
// an error counts the texts not read as one rule.
func (g *global) fromWords(lang string, ts []string, translate rulebank.Translator) error {
	failed := 0
	enc := json.NewEncoder(g.out)
	enc.SetEscapeHTML(false)
	for i, t := range ts {
		a := rulebank.AnswerWords(lang, t, rulebank.DefaultAnalyse, translate)
		if a.Error != "" || a.Expr == "" {
			failed++
		}
		switch g.format {
		case "json":
			if a.Error != "" {
				a = rulebank.Answer{Text: a.Text, Lang: a.Lang, Readings: a.Readings, Error: a.Error}
			}
			if err := enc.Encode(a); err != nil {
				return err
			}
		case "table":
			if i > 0 {
				fmt.Fprintln(g.out)
			}
			fmt.Fprint(g.out, a.String())
		default:
			return fmt.Errorf("--format %s: from-words prints table or json", g.format)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d texts could not be read as one rule", failed, len(ts))
	}
	return nil
}

func compareCmd(g *global) *cobra.Command {
	var pairs, preset string
	cmd := &cobra.Command{
		Use:   "compare A B",
		Short: "Whether two rules give the same verdict in every reachable state",
		Long: `compare decides whether two rules — bank names, expressions or rules in words —
give the same verdict on every card in every state legal play can reach (the
equivalence a stated guess is judged by), and if not, prints a shortest main line
where they differ. Under a preset whose top card opens whatever it is (Express,
the Spanish New Eleusis) every card can open; otherwise the cards A's starter
predicate admits. Exit status: 0 the same, 1 different, 2 undecided or an error.
--pairs reads one tab-separated pair per line and prints one JSON line each.`,
		Example: `  eleusis rules compare 'card.color != prev.color' 'alternate colours'
  eleusis rules compare higher 'play higher than the last card' --preset express
  eleusis rules compare --pairs pairs.tsv`,
		RunE: func(c *cobra.Command, args []string) error {
			o, err := sim.Preset(preset)
			if err != nil {
				return err
			}
			b, err := g.loadBank()
			if err != nil {
				return err
			}
			anyStarter := o.Starter == sim.AlwaysValid
			if pairs != "" {
				if len(args) > 0 {
					return errors.New("give two rules or --pairs, not both")
				}
				return g.comparePairs(b, pairs, c.InOrStdin(), anyStarter)
			}
			if len(args) != 2 {
				return errors.New("compare takes two rules (or --pairs)")
			}
			res := b.CompareSpecs(args[0], args[1], anyStarter)
			if g.format == "json" {
				if err := json.NewEncoder(g.out).Encode(res); err != nil {
					return err
				}
			} else {
				fmt.Fprintln(g.out, res)
			}
			return comparisonStatus(res.Status())
		},
	}
	cmd.Flags().StringVar(&pairs, "pairs", "", "compare the tab-separated pairs of this `file`, one per line (- for standard input)")
	cmd.Flags().StringVar(&preset, "preset", "new-eleusis", "the `preset` whose opening decides which states are reachable")
	cmd.Flags().StringVar(&g.format, "format", "table", "output `format`: table or json")
	g.bankFlags(cmd)
	cmd.RegisterFlagCompletionFunc("preset", completePresets)
	return cmd
}

// comparePairs compares the tab-separated pairs of a file, one JSON line
// each; the exit status is the worst pair's.
func (g *global) comparePairs(b *rulebank.Bank, file string, stdin io.Reader, anyStarter bool) error {
	lines, err := texts(nil, file, stdin)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(g.out)
	enc.SetEscapeHTML(false)
	worst := rulebank.StatusSame
	for i, l := range lines {
		x, y, ok := strings.Cut(l, "\t")
		res := rulebank.Comparison{A: l, Error: fmt.Sprintf("line %d: two rules separated by a tab", i+1)}
		if ok {
			res = b.CompareSpecs(strings.TrimSpace(x), strings.TrimSpace(y), anyStarter)
		}
		if err := enc.Encode(res); err != nil {
			return err
		}
		worst = max(worst, res.Status())
	}
	if worst != rulebank.StatusSame {
		return &exitError{worst, errors.New("not every pair is the same rule")}
	}
	return nil
}

// comparisonStatus is compare's exit status as an error (nil: the same).
func comparisonStatus(status int) error {
	switch status {
	case rulebank.StatusUndecided:
		return &exitError{status, errors.New("the comparison was not decided")}
	case rulebank.StatusDifferent:
		return &exitError{status, errors.New("the rules differ")}
	}
	return nil
}

// checkLang: lang is auto or a language rulewords reads.
func checkLang(lang string) error {
	langs := append([]string{"auto", "en"}, rulewords.Languages()...)
	if !slices.Contains(langs, lang) {
		return fmt.Errorf("--lang %s: choose one of %s", lang, strings.Join(langs, ", "))
	}
	return nil
}

// langNames name the languages for the language model's prompt.
var langNames = map[string]string{"en": "English", "pt": "Portuguese", "es": "Spanish", "ca": "Valencian (Catalan)",
	"auto": "English, Portuguese, Spanish or Valencian"}

// llmFlags configure the language model of from-words: a model behind an
// OpenAI-compatible endpoint (llm.RuleReader), configured as the Python
// kit's LLM agent is.
type llmFlags struct {
	on                 bool
	url, model, keyEnv string
}

func (l *llmFlags) register(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&l.on, "llm", false, "send texts the parser cannot read to a language model (never needed; off by default)")
	cmd.Flags().StringVar(&l.url, "llm-url", cmp.Or(os.Getenv("ELEUSIS_LLM_URL"), os.Getenv("OPENAI_BASE_URL")),
		"the model's OpenAI-compatible base `url` (default $ELEUSIS_LLM_URL or $OPENAI_BASE_URL)")
	cmd.Flags().StringVar(&l.model, "llm-model", cmp.Or(os.Getenv("ELEUSIS_LLM_MODEL"), os.Getenv("OPENAI_MODEL")),
		"the `model` (default $ELEUSIS_LLM_MODEL or $OPENAI_MODEL)")
	cmd.Flags().StringVar(&l.keyEnv, "llm-key-env", "ELEUSIS_LLM_KEY", "the environment `variable` holding the API key (then OPENAI_API_KEY; none for local servers)")
}

func (l *llmFlags) translator() (rulebank.Translator, error) {
	if !l.on {
		return nil, nil
	}
	if l.url == "" || l.model == "" {
		return nil, errors.New("--llm needs --llm-url and --llm-model (or ELEUSIS_LLM_URL and ELEUSIS_LLM_MODEL)")
	}
	m, err := llm.CompatibleModel(l.url, l.model)
	if err != nil {
		return nil, err
	}
	r := llm.NewRuleReader(m, cmp.Or(os.Getenv(l.keyEnv), os.Getenv("OPENAI_API_KEY")), docs.RuleLanguage)
	return func(lang, text string) (string, error) {
		return r.Translate(context.Background(), langNames[lang], text)
	}, nil
}
