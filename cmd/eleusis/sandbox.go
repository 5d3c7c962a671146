package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
)

// sandboxFlags confine the outside agents (exec:COMMAND) a command starts
// (agents.Sandbox; docs/strategies.md).
type sandboxFlags struct {
	off  bool
	env  []string
	read []string
}

func (sf *sandboxFlags) register(c *cobra.Command) {
	f := c.Flags()
	f.BoolVar(&sf.off, "no-sandbox", false, "run outside agents unconfined, with the caller's files and environment (for debugging: run.json and every table say so)")
	f.StringArrayVar(&sf.env, "agent-env", nil, "pass this environment `variable` to outside agents too (repeatable), e.g. OPENAI_API_KEY")
	f.StringArrayVar(&sf.read, "agent-read", nil, "let outside agents read this `path` too (repeatable), e.g. a virtual environment")
	c.MarkFlagDirname("agent-read")
}

// sandbox is the confinement the flags ask for; protect: paths no folder
// an agent may read may hold (the run's folder, the bank, --deals-from).
func (sf *sandboxFlags) sandbox(protect ...string) agents.Sandbox {
	var ps []string
	for _, p := range protect {
		if p != "" {
			ps = append(ps, p)
		}
	}
	return agents.Sandbox{Off: sf.off, Env: sf.env, Read: sf.read, Protect: ps}
}

// confine sets the kit's sandbox and, when agents will run unconfined on
// a system without landlock, says so once.
func (sf *sandboxFlags) confine(g *global, kit *agents.Kit, outsiders bool, protect ...string) {
	sb := sf.sandbox(protect...)
	kit.SetSandbox(sb)
	if st := agents.SandboxStatus(sb); outsiders && strings.HasPrefix(st, "none") {
		fmt.Fprintf(g.errw, "eleusis: outside agents are not confined: %s\n", st)
	}
}

// unconfinedNote is added to every table of a run whose outside agents ran
// without the sandbox.
const unconfinedNote = " [outside agents ran without the sandbox: --no-sandbox]"

// noteUnconfined marks the tables of a plan run with --no-sandbox.
func noteUnconfined(p *lab.Plan, tables []render.Table) []render.Table {
	if !p.NoSandbox {
		return tables
	}
	out := make([]render.Table, len(tables))
	for i, t := range tables {
		t.Title += unconfinedNote
		out[i] = t
	}
	return out
}
