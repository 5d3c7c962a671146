package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer the command writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serve runs `eleusis serve` until the test cancels it and returns what it
// printed once it prints the teacher's link.
func startServe(t *testing.T, args ...string) (string, func() error) {
	t.Helper()
	var out, errw lockedBuffer
	ctx, cancel := context.WithCancel(context.Background())
	root := newRoot(&out, &errw, append([]string{"serve"}, args...))
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "/teacher/") {
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s%s", err, out.String(), errw.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve printed no link: %s%s", out.String(), errw.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	return out.String(), func() error { cancel(); return <-done }
}

func TestServePrintsTheTeachersLinkAndKeepsTables(t *testing.T) {
	dir := t.TempDir()
	out, stop := startServe(t, "--addr", "127.0.0.1:0", "--data", dir)
	link := regexp.MustCompile(`http://127\.0\.0\.1:\d+/teacher/[0-9a-f]{32}/`).FindString(out)
	if link == "" || !strings.Contains(out, "Only this computer can connect") {
		t.Fatalf("serve printed:\n%s", out)
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Open a table") {
		t.Fatalf("the teacher's page: %d", resp.StatusCode)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve did not stop cleanly: %v", err)
	}
	// The same data folder keeps the same teacher's link.
	out2, stop2 := startServe(t, "--addr", "127.0.0.1:0", "--data", dir)
	defer stop2()
	if tok := regexp.MustCompile(`/teacher/[0-9a-f]{32}/`).FindString(out2); !strings.Contains(link, tok) {
		t.Fatalf("the teacher's link changed: %s then %s", link, out2)
	}
	if _, err := os.Stat(filepath.Join(dir, "teacher.token")); err != nil {
		t.Fatal(err)
	}
}

func TestServeOpenToTheNetworkSaysSo(t *testing.T) {
	out, stop := startServe(t, "--addr", "0.0.0.0:0", "--data", t.TempDir())
	defer stop()
	if !strings.Contains(out, "open to the network") || !strings.Contains(out, "students join at") {
		t.Fatalf("serve on all interfaces printed:\n%s", out)
	}
}
