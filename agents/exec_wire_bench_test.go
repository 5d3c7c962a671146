package agents

import (
	"bytes"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// BenchmarkEncodeMoves writes a move request carrying a whole hand's moves
// (a new-eleusis hand of random players under a Prophet).
func BenchmarkEncodeMoves(b *testing.B) {
	o, _ := sim.Preset("new-eleusis")
	o.Prophet = true
	ps := make([]sim.Player, 5)
	for i := range ps {
		rp := sim.NewRandomPlayer(uint64(i))
		rp.ProphetProb = 0.2
		ps[i] = rp
	}
	r := rule(b, `card.color != prev.color`)
	h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: r.NewJudge(), Players: ps, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	res, err := h.Run()
	if err != nil {
		b.Fatal(err)
	}
	moves, _ := wireMoves(res.History, openingLine(res.Opening, &o), &o)
	v := &sim.View{Hand: res.MainLine[:1], MainLine: res.MainLine, HandSizes: []int{1, 2, 3, 4, 5}, Eliminated: make([]bool, 5), Prophet: -1}
	req := &wireRequest{Type: "move", ID: 4, Moves: moves, View: wireViewOf(v)}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := encodeRequest(&buf, req); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.History)), "moves")
}
