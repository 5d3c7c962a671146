package sim

import "math/rand/v2"

// RandomPlayer is the scientist with no theory: it plays a random card, now
// and then a random sequence or a "no play", and as Prophet judges at random.
// It exercises every branch of the referee and is the floor of every
// strategy ladder.
type RandomPlayer struct {
	Rng *rand.Rand
	// SeqProb and NoPlayProb are the chances of a sequence (when allowed) and
	// of a "no play" on a turn; ProphetProb of declaring when allowed.
	SeqProb, NoPlayProb, ProphetProb float64
}

// NewRandomPlayer returns a random player with the defaults used in the
// playout tests: 10% sequences, 5% "no play", 5% Prophet declarations.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{Rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d)), SeqProb: 0.10, NoPlayProb: 0.05, ProphetProb: 0.05}
}

// Move implements Player.
func (r *RandomPlayer) Move(v *View) Move {
	x := r.Rng.Float64()
	switch {
	case x < r.NoPlayProb:
		return Move{Kind: NoPlay}
	case x < r.NoPlayProb+r.SeqProb && v.Options.MaxSequence >= 2 && len(v.Hand) >= 2:
		k := 2 + r.Rng.IntN(min(v.Options.MaxSequence, len(v.Hand))-1)
		perm := r.Rng.Perm(len(v.Hand))[:k]
		cs := make([]Card, k)
		for i, j := range perm {
			cs[i] = v.Hand[j]
		}
		return Move{Kind: Sequence, Cards: cs}
	}
	return Move{Kind: Play, Cards: []Card{v.Hand[r.Rng.IntN(len(v.Hand))]}}
}

// DeclareProphet implements ProphetPlayer.
func (r *RandomPlayer) DeclareProphet(v *View) bool { return r.Rng.Float64() < r.ProphetProb }

// Judge implements ProphetPlayer: a coin toss.
func (r *RandomPlayer) Judge(v *View, mover int, m Move) bool { return r.Rng.IntN(2) == 0 }

// Pick implements ProphetPlayer.
func (r *RandomPlayer) Pick(v *View, shown []Card) Card { return shown[r.Rng.IntN(len(shown))] }

// Splitmix64 is the finaliser of Steele, Lea and Flood's splitmix64 (2014):
// it mixes the bits of x so that nearby inputs give unrelated outputs. The
// lab derives hand seeds with it, design hashes behaviours with it.
func Splitmix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
