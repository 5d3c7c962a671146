// Command eleusis is the research harness for the game of science: it ranks
// God's rules by difficulty (rank), benchmarks scientist strategies (bench),
// writes class material (transcript, lesson), referees hands of New Eleusis
// and its variants (play, replay), checks rules (rules) and describes the
// scientists' hypothesis space (space).
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/eleusis/eleusis/bench"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/eleusis/eleusis/lab"
	_ "github.com/eleusis/eleusis/llm" // the built-in LLM strategy, llm(model=NAME)
	"github.com/eleusis/eleusis/render"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// exitInterrupted is the exit status after Ctrl-C: 128 + SIGINT, as shells
// report a command killed by it.
const exitInterrupted = 130

// memoryLimit is the Go runtime's soft memory limit unless GOMEMLIMIT sets
// one: the collector works harder near it instead of letting the heap grow
// to twice what is live (rank on the defaults keeps about 450 MB live; left
// alone its peak would pass 1 GiB).
const memoryLimit = 768 << 20

// placeMemoryLimit is the soft limit while rules are placed (space --bank,
// --rules): a placement that needs the wider search keeps 700–800 MB live
// (its three syntheses' pools), so under memoryLimit the collector runs
// almost without pause — 15% of the CPU time in placing a Hi-Lo running
// count, 2% with this room — and the slowest placements take 16–18% more
// CPU. The peak is then 1.2–1.6 GB for such a rule.
const placeMemoryLimit = 2 << 30

// roomToPlace raises the soft memory limit for placing rules, unless
// GOMEMLIMIT sets one.
func roomToPlace() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(placeMemoryLimit)
	}
}

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	// The first Ctrl-C cancels the context (runs stop cleanly and keep
	// their finished hands); a second one kills the process.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	go func() { <-ctx.Done(); stop() }()
	err := newRoot(os.Stdout, os.Stderr, os.Args[1:]).ExecuteContext(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "eleusis:", err)
	}
	os.Exit(exitCode(err, ctx))
}

// exitCode: 0 on success, 130 after Ctrl-C, a command's own status
// (exitError), 1 for any other error.
func exitCode(err error, ctx context.Context) int {
	var own *exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return exitInterrupted
	case errors.As(err, &own):
		return own.code
	}
	return 1
}

// global holds what every command shares, and the flags that several
// commands register (each only where it is honoured).
type global struct {
	format string
	wide   bool
	bank   string
	// numberLine keeps only number-line rules (beginners' rounds); checking
	// is set by `rules check`, which reports the others instead.
	numberLine, checking bool
	// saidReplaced: the notice of --bank's rules that replace default
	// rules was given (once a run, however often the bank is loaded).
	saidReplaced bool
	cpuProfile   string
	stopProfile  func()
	out          io.Writer
	errw         io.Writer
	// outFiles: the command writes its summaries with --out.
	outFiles bool
	// args is the command line, program name first (for run.json).
	args []string
	// maxFailures: the share of failed hands or fallback answers above
	// which a bench summary fails (bench --max-failures; merge and rerun
	// of a bench run use the default).
	maxFailures float64
}

func init() {
	cobra.AddTemplateFunc("wrappedFlags", func(f *pflag.FlagSet) string { return f.FlagUsagesWrapped(render.DefaultWidth) })
}

func newRoot(out, errw io.Writer, args []string) *cobra.Command {
	g := &global{out: out, errw: errw, args: append([]string{"eleusis"}, args...), maxFailures: bench.DefaultMaxFailures}
	root := &cobra.Command{
		Use:   "eleusis",
		Short: "A research harness for Eleusis, the game of science",
		Long: `eleusis plays and referees Eleusis (Robert Abbott, 1956; New Eleusis, 1977):
God holds a secret rule about which card may follow the last one, and the
scientists discover it by experiment.`,
		Version:       lab.ThisProgram().String(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("eleusis {{.Version}}\n")
	// Flag descriptions wrap to fit the terminal width tables fit; cobra's
	// default prints each on one line (the --lineup default alone is 190
	// columns).
	root.SetUsageTemplate(strings.NewReplacer(
		".LocalFlags.FlagUsages", "wrappedFlags .LocalFlags",
		".InheritedFlags.FlagUsages", "wrappedFlags .InheritedFlags",
	).Replace(root.UsageTemplate()))
	root.SetOut(out)
	root.SetErr(errw)
	root.SetArgs(args)
	root.PersistentFlags().StringVar(&g.cpuProfile, "cpuprofile", "", "write a CPU profile of the command to this `file` (for go tool pprof, or as cmd/eleusis/default.pgo)")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if cmd.Flags().Lookup("format") != nil {
			if err := render.CheckFormat(g.format); err != nil {
				return err
			}
		}
		if g.cpuProfile == "" {
			return nil
		}
		f, err := os.Create(g.cpuProfile)
		if err != nil {
			return err
		}
		g.stopProfile = func() { pprof.StopCPUProfile(); f.Close() }
		return pprof.StartCPUProfile(f)
	}
	root.PersistentPostRun = func(cmd *cobra.Command, args []string) {
		if g.stopProfile != nil {
			g.stopProfile()
		}
	}
	root.AddCommand(rankCmd(g), benchCmd(g), designCmd(g), mergeCmd(g), rerunCmd(g), transcriptCmd(g), lessonCmd(g), spaceCmd(g), rulesCmd(g), replayCmd(g), playCmd(g), presetsCmd(g), serveCmd(g))
	return root
}

// formatFlags registers --format and --wide on a command that prints a
// summary.
func (g *global) formatFlags(c *cobra.Command) {
	c.Flags().StringVar(&g.format, "format", "table", "output `format`: table, markdown, csv or json")
	c.Flags().BoolVar(&g.wide, "wide", false, "table and markdown: every column and whole cells (by default tables fit 120 columns)")
	c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(render.Formats, cobra.ShellCompDirectiveNoFileComp))
}

// bankFlags registers --bank and --number-line on a command that reads
// rules of the bank.
func (g *global) bankFlags(c *cobra.Command) {
	c.Flags().StringVar(&g.bank, "bank", "", "a rule bank `file` (YAML, docs/files.md) whose rules add to or replace the embedded default bank")
	c.Flags().BoolVar(&g.numberLine, "number-line", false, "beginners' rounds: only rules that read the card and prev.rank (rules check: report the others as errors)")
	c.MarkFlagFilename("bank", "yaml", "yml")
}

// render prints a summary in --format. CSV is one table per file: the
// first table is printed and the others named on stderr.
func (g *global) render(data any, tables ...render.Table) error {
	if err := render.RenderWith(g.out, render.RenderOptions{Format: g.format, Wide: g.wide}, data, tables...); err != nil {
		return err
	}
	var names []string
	for _, t := range tables {
		if t.Only != render.TextOnly {
			names = append(names, fmt.Sprintf("%q", cmp.Or(t.Title, t.Name)))
		}
	}
	if g.format == "csv" && len(names) > 1 {
		names = names[1:]
		where := "--format json"
		if g.outFiles {
			where += ", and --out writes each as its own CSV file"
		}
		fmt.Fprintf(g.errw, "eleusis: --format csv prints the first table only; the other tables (%s) are in %s\n", joinAnd(names), where)
	}
	return nil
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	s := ""
	for i, x := range xs[:len(xs)-1] {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s + " and " + xs[len(xs)-1]
}

// atLeast refuses a numeric flag below its minimum.
func atLeast(flag string, v, min int) error {
	if v < min {
		return fmt.Errorf("--%s must be at least %d, not %d", flag, min, v)
	}
	return nil
}
