// Command eleusis is the research harness for the game of science: it ranks
// God's rules by difficulty (rank), benchmarks scientist strategies (bench),
// writes class material (transcript, lesson), referees hands of New Eleusis
// and its variants (play, replay), checks rules (rules) and describes the
// scientists' hypothesis space (space).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

func main() {
	if err := newRoot(os.Stdout, os.Stderr).Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "eleusis:", err)
		os.Exit(1)
	}
}

// global holds the flags every command shares.
type global struct {
	format string
	bank   string
	// numberLine keeps only number-line rules (beginners' rounds); checking
	// is set by `rules check`, which reports the others instead.
	numberLine, checking bool
	cpuProfile           string
	stopProfile          func()
	out                  io.Writer
	errw                 io.Writer
}

func newRoot(out, errw io.Writer) *cobra.Command {
	g := &global{out: out, errw: errw}
	root := &cobra.Command{
		Use:   "eleusis",
		Short: "A research harness for Eleusis, the game of science",
		Long: `eleusis plays and referees Eleusis (Robert Abbott, 1956; New Eleusis, 1977):
God holds a secret rule about which card may follow the last one, and the
scientists discover it by experiment.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(out)
	root.SetErr(errw)
	root.PersistentFlags().StringVar(&g.format, "format", "table", "output format: table, markdown, csv or json")
	root.PersistentFlags().StringVar(&g.bank, "bank", "", "a rule bank (YAML) whose rules add to or replace the embedded default bank")
	root.PersistentFlags().StringVar(&g.cpuProfile, "cpuprofile", "", "write a CPU profile of the command to this file (for `go tool pprof`, or as cmd/eleusis/default.pgo)")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
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
	root.PersistentFlags().BoolVar(&g.numberLine, "number-line", false, "beginners' rounds: only rules that read the card and prev.rank (rules check: report the others as errors)")
	root.AddCommand(rankCmd(g), benchCmd(g), mergeCmd(g), transcriptCmd(g), lessonCmd(g), spaceCmd(g), rulesCmd(g), replayCmd(g), playCmd(g), presetsCmd(g))
	return root
}
