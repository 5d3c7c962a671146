// Package browsertest finds and configures the headless Chromium that the
// browser tests drive (the web table in web/, the printed lesson pack in
// lessons/): Debian's chromium, which .ci/run installs. The browser tests
// run in plain go test and in CI; go test -short leaves them out (the
// developer's quick loop).
package browsertest

import (
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Path is the Chromium binary. Without one the test fails — the browser
// tests run in CI — unless ELEUSIS_SKIP_BROWSER=1 says skipping is intended.
// With -short the test is skipped.
func Path(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test: not with -short (plain go test and CI run it)")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("ELEUSIS_SKIP_BROWSER") == "1" {
		t.Skip("no chromium installed, and ELEUSIS_SKIP_BROWSER=1")
	}
	t.Fatal("the browser tests need chromium (apt-get install chromium); set ELEUSIS_SKIP_BROWSER=1 to skip them on purpose")
	return ""
}

// Options are the allocator options for a headless Chromium in a test: as
// root (CI) it needs --no-sandbox; without QUIC, component updates and sync
// it does not call out on a machine without a network; a fresh profile in
// the test's temporary folder.
func Options(t testing.TB) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Path(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
}
