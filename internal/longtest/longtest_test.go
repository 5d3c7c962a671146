package longtest

import "testing"

func TestSkip(t *testing.T) {
	t.Setenv(Env, "")
	ran := false
	t.Run("gated", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if ran || On() {
		t.Fatal("a long test ran without " + Env)
	}
	t.Setenv(Env, "1")
	t.Run("on", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if !ran {
		t.Fatal("a long test was skipped with " + Env + " set")
	}
}
