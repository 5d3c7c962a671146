package hypotheses

import "testing"

// normalise moves rows that do not read a family's features to the
// smallest family that reads what they do.
func TestNormalise(t *testing.T) {
	rows := func(f Family, row func(s state) uint64) []uint64 {
		out := make([]uint64, f.Contexts())
		for x := range out {
			out[x] = row(f.state(x))
		}
		return out
	}
	for _, tc := range []struct {
		from, want Family
		row        func(s state) uint64
	}{
		{FamPrev2Rank, FamPrev, func(s state) uint64 { return uint64(s.prev) }},
		// Reading prev2's colour only: the smallest family that can, prev2
		// as a card (70 contexts, no prev), not prev and its colour (156).
		{FamPrev3Suit, FamPrev2Card, func(s state) uint64 { return uint64(colourCode(s.p2)) }},
		{FamPrev3Suit, FamPrev2, func(s state) uint64 { return uint64(colourCode(s.p2)) + uint64(s.prev)<<2 }},
		{FamPrev2Rank, FamPrev2Card, func(s state) uint64 { return uint64(s.p2) % 13 }},
		{FamPrev2Card, FamPrev2Card, func(s state) uint64 { return uint64(s.p2) }},
		{FamPrev2Card, FamPrev, func(s state) uint64 { return 3 }},
		{FamPrev3Suit, FamPrev3Suit, func(s state) uint64 { return uint64(s.p3) / 13 }},
		{FamStarter, FamPrev, func(s state) uint64 { return 7 }},
		{FamStarter, FamStarter, func(s state) uint64 { return uint64(s.start) }},
		{FamMod6, FamMod2, func(s state) uint64 { return uint64(s.n12 % 2) }},
		{FamMod6, FamMod3, func(s state) uint64 { return uint64(s.n12%3) + uint64(s.prev)<<3 }},
	} {
		if f, _ := normalise(tc.from, rows(tc.from, tc.row)); f != tc.want {
			t.Errorf("from %s: %s, want %s", tc.from, f, tc.want)
		}
	}
}

// Every hypothesis of the default space is in normal form: normalise
// leaves its rows where they are, so that a behaviour has one home and is
// counted once (checked on every 37th hypothesis, rows read back from the
// index).
func TestHypothesesAreNormal(t *testing.T) {
	if testing.Short() {
		t.Skip("normalises a share of the default space: seconds; runs without -short")
	}
	sp := Default()
	checked := 0
	for id := 0; id < len(sp.Hyps); id += 37 {
		h := sp.Hyps[id]
		if h.Expr == "" {
			continue
		}
		rows := make([]uint64, h.Family.Contexts())
		for x := range rows {
			for c := range uint8(52) {
				if sp.accepts(id, h.Family.state(x), c) {
					rows[x] |= 1 << c
				}
			}
		}
		if f, _ := normalise(h.Family, rows); f != h.Family {
			t.Errorf("%s (%s) normalises to %s", h.Expr, h.Family, f)
		}
		checked++
	}
	if checked < 2000 {
		t.Fatalf("only %d hypotheses checked", checked)
	}
}

// familyOfSet, built from each family's subsets, is the brute-force answer
// for every set of features: the smallest family covering it (the first on
// a tie), or none.
func TestFamilyOfSetIsBruteForce(t *testing.T) {
	for fs := range 1 << numFeatures {
		want := int8(-1)
		for f := range numFamilies {
			if featSet(fs)&^coveredFeats[f] == 0 && (want < 0 || f.Contexts() < Family(want).Contexts()) {
				want = int8(f)
			}
		}
		if familyOfSet[fs] != want {
			t.Fatalf("features %b: family %d, want %d", fs, familyOfSet[fs], want)
		}
	}
}
