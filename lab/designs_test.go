package lab

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The mixed schedule is balanced, counted meeting by meeting: every
// strategy sits in every seat equally often, and every ordered pair of
// different strategies sits in every ordered pair of seats equally often
// (so, wherever a strategy sits, it meets every other equally often).
func TestScheduleBalanced(t *testing.T) {
	for k := 2; k <= 13; k++ {
		for s := 2; s <= min(8, k+2); s++ {
			strategies := make([]string, k)
			for i := range strategies {
				strategies[i] = fmt.Sprint("s", i)
			}
			lineups, err := Schedule(strategies, s)
			if err != nil {
				if strings.Contains(err.Error(), "line-ups") {
					continue // too large a schedule: refused with a reason
				}
				t.Fatal(err)
			}
			seat := map[[2]string]int{} // (strategy, seat) → times
			meet := map[[4]string]int{} // (A, seat i, B, seat j) → times
			for _, lu := range lineups {
				if len(lu) != s {
					t.Fatalf("k=%d s=%d: a line-up of %d seats", k, s, len(lu))
				}
				if s <= k && len(slices.Compact(slices.Sorted(slices.Values(lu)))) != s {
					t.Fatalf("k=%d s=%d: %v seats a strategy twice", k, s, lu)
				}
				for i, a := range lu {
					seat[[2]string{a, fmt.Sprint(i)}]++
					for j, b := range lu {
						if i != j && a != b {
							meet[[4]string{a, fmt.Sprint(i), b, fmt.Sprint(j)}]++
						}
					}
				}
			}
			if len(seat) != k*s || len(meet) != k*(k-1)*s*(s-1) {
				t.Fatalf("k=%d s=%d: %d (strategy, seat) pairs and %d meetings seen, want %d and %d", k, s, len(seat), len(meet), k*s, k*(k-1)*s*(s-1))
			}
			for _, counts := range []map[[2]string]int{seat} {
				want := -1
				for key, n := range counts {
					if want < 0 {
						want = n
					}
					if n != want {
						t.Fatalf("k=%d s=%d: %v sits there %d times, others %d", k, s, key, n, want)
					}
				}
			}
			want := -1
			for key, n := range meet {
				if want < 0 {
					want = n
				}
				if n != want {
					t.Fatalf("k=%d s=%d: %s in seat %s meets %s in seat %s %d times, others %d", k, s, key[0], key[1], key[2], key[3], n, want)
				}
			}
			if _, prime := galois(k); prime && s <= k && (len(lineups) != k*(k-1) || want != 1) {
				t.Fatalf("k=%d s=%d (a prime power): %d line-ups, each meeting %d times; want k(k−1) and once", k, s, len(lineups), want)
			}
		}
	}
}

// The default ladder (7 strategies, 4 seats): 42 line-ups; the first 7 are
// the cyclic rotations.
func TestScheduleSeven(t *testing.T) {
	s := []string{"a", "b", "c", "d", "e", "f", "g"}
	lineups, err := Schedule(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(lineups) != 42 || strings.Join(lineups[0], "") != "abcd" || strings.Join(lineups[6], "") != "gabc" || strings.Join(lineups[7], "") != "aceg" {
		t.Fatalf("%d line-ups: %v", len(lineups), lineups[:8])
	}
	if _, err := Schedule(make([]string, 10), 4); err == nil || !strings.Contains(err.Error(), "prime") {
		t.Fatalf("10 strategies at 4 seats (5040 line-ups): %v", err)
	}
}

// GF(q) is a field: addition and multiplication tables with inverses,
// distributive, for prime powers; other orders are refused.
func TestGalois(t *testing.T) {
	for q := 2; q <= 32; q++ {
		f, ok := galois(q)
		want := slices.Contains([]int{2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32}, q)
		if ok != want {
			t.Fatalf("q=%d: a field %v, want %v", q, ok, want)
		}
		if !ok {
			continue
		}
		for a := range q {
			inv, neg := 0, 0
			for b := range q {
				if f.mul[a][b] == 1 {
					inv++
				}
				if f.add[a][b] == 0 {
					neg++
				}
				if f.add[a][b] != f.add[b][a] || f.mul[a][b] != f.mul[b][a] {
					t.Fatalf("q=%d: not commutative at %d, %d", q, a, b)
				}
				for c := range q {
					if f.mul[a][f.add[b][c]] != f.add[f.mul[a][b]][f.mul[a][c]] {
						t.Fatalf("q=%d: not distributive at %d, %d, %d", q, a, b, c)
					}
				}
			}
			if neg != 1 || (a != 0 && inv != 1) || f.add[0][a] != a || f.mul[1][a] != a {
				t.Fatalf("q=%d: element %d has %d opposites, %d inverses", q, a, neg, inv)
			}
		}
	}
}

// SeatBench: each design's line-ups in order, solo allowed by its option.
func TestSeatBench(t *testing.T) {
	p := &Plan{}
	if err := p.SeatBench([]string{"x", "y", "z"}, []Design{Solo, Homogeneous, Mixed}, 3); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(p.Lineups[:6], p.Designs[:6], len(p.Lineups), p.Options)
	want := "[[x] [y] [z] [x x x] [y y y] [z z z]] [solo solo solo homogeneous homogeneous homogeneous] 12 [min_players=1]"
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	if err := p.SeatBench([]string{"x", "x"}, []Design{Solo}, 3); err == nil {
		t.Fatal("a strategy given twice is accepted")
	}
	if ds, err := ParseDesigns("mixed, solo"); err != nil || fmt.Sprint(ds) != "[solo mixed]" {
		t.Fatalf("ParseDesigns: %v %v", ds, err)
	}
	if _, err := ParseDesigns("alone"); err == nil {
		t.Fatal("an unknown design is accepted")
	}
}
