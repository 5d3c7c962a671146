package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/web"
	"github.com/spf13/cobra"
)

func serveCmd(g *global) *cobra.Command {
	var addr, data, joinURL string
	var pace float64
	var allowExec bool
	var sf sandboxFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "A web table where a class plays Eleusis with God and bot scientists",
		Long: `serve starts a web server for a class: the teacher opens tables from a secret
page (printed below), students join from their own browsers with a short table
code, and every move is refereed by the same engine as the rest of eleusis.
Nothing is loaded from the Internet: it works on a laptop with no network.

Tables are kept under --data move by move; restarting serve restores them.
By default only this computer can connect (127.0.0.1); --addr 0.0.0.0:8080
opens the server to the class network.`,
		Example: `  eleusis serve                         # this computer only
  eleusis serve --addr 0.0.0.0:8080     # students join from the class network
  eleusis serve --addr 0.0.0.0:8080 --join-url http://class.local:8080/   # the address the class screen shows
  eleusis serve --bank mine.yaml --data ./class-tables`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			bank, err := g.loadBank()
			if err != nil {
				return err
			}
			if data == "" {
				if data, err = web.DefaultDataDir(); err != nil {
					return err
				}
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			host, port, _ := net.SplitHostPort(ln.Addr().String())
			join, err := joinURLs(host, port, joinURL)
			if err != nil {
				ln.Close()
				return err
			}
			sb := sf.sandbox(data, g.bank)
			if st := agents.SandboxStatus(sb); allowExec && !sf.off && strings.HasPrefix(st, "none") {
				fmt.Fprintf(g.errw, "eleusis: outside agents are not confined: %s\n", st)
			}
			srv, err := web.New(web.Config{Bank: bank, DataDir: data, Log: g.errw, DefaultPace: pace, JoinURLs: join, AllowExec: allowExec, Sandbox: &sb})
			if err != nil {
				ln.Close()
				return err
			}
			defer srv.Close()
			hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
			g.announce(data, host, port, srv.TeacherPath(), join)
			ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			errc := make(chan error, 1)
			go func() { errc <- hs.Serve(ln) }()
			select {
			case err := <-errc:
				return err
			case <-ctx.Done():
			}
			fmt.Fprintln(g.out, "eleusis serve: stopping (the tables are saved)")
			sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			srv.Close() // ends the tables' live updates first, so Shutdown need not wait for them
			if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			return nil
		},
	}
	g.bankFlags(cmd)
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (0.0.0.0:8080 opens it to the class network)")
	cmd.Flags().StringVar(&data, "data", "", "folder that keeps the tables (default: eleusis under your data directory)")
	cmd.Flags().StringVar(&joinURL, "join-url", "", "the address students open, shown large on the class screen with its QR code (default: this computer's addresses on its networks)")
	cmd.Flags().BoolVar(&allowExec, "allow-exec", false, "let tables seat outside programs (exec:COMMAND), which run commands on this computer")
	sf.register(cmd)
	cmd.Flags().Float64Var(&pace, "pace", 1.5, "seconds a bot waits before it moves, for new tables (the teacher changes it per table)")
	return cmd
}

// joinURLs are the addresses the class screen shows students: --join-url
// when given, else this computer's addresses on its networks when it
// listens on them (none on loopback).
func joinURLs(host, port, joinURL string) ([]string, error) {
	if joinURL != "" {
		u, err := url.Parse(joinURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("--join-url %q: an address such as http://192.168.1.20:8080/ or http://class.local:8080/", joinURL)
		}
		return []string{strings.TrimSuffix(u.Scheme+"://"+u.Host+u.Path, "/") + "/"}, nil
	}
	var join []string
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		for _, a := range lanAddrs(host) {
			join = append(join, "http://"+net.JoinHostPort(a, port)+"/")
		}
	}
	return join, nil
}

// announce prints where the tables are kept, the teacher's link and who
// can connect.
func (g *global) announce(data, host, port, teacher string, join []string) {
	fmt.Fprintf(g.out, "eleusis serve: tables are kept in %s\n", data)
	fmt.Fprintf(g.out, "The teacher's page (keep this link to yourself):\n  http://%s%s\n", net.JoinHostPort(printable(host), port), teacher)
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		fmt.Fprintf(g.out, "Only this computer can connect. To let students join from the class network: eleusis serve --addr 0.0.0.0:%s\n", port)
		return
	}
	fmt.Fprintf(g.out, "The server is open to the network: students join at\n")
	for _, u := range join {
		fmt.Fprintf(g.out, "  %s\n", u)
	}
	fmt.Fprintf(g.out, "with the table's code. Anyone on this network can reach the join page; only the teacher's link opens tables.\n")
}

// printable is the host to print in a link: the unspecified address reads
// as this computer.
func printable(host string) string {
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		return "127.0.0.1"
	}
	return host
}

// lanAddrs are the addresses students can use: this computer's addresses
// on its networks when listening on all of them.
func lanAddrs(host string) []string {
	if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() {
		return []string{host}
	}
	var out []string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			out = append(out, n.IP.String())
		}
	}
	if len(out) == 0 {
		out = []string{"THIS-COMPUTER"}
	}
	return out
}
