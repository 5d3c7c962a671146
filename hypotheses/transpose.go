package hypotheses

// transpose64 transposes a 64 × 64 bit matrix in place: afterwards bit i
// of a[j] is what bit j of a[i] was (the index is built 64 hypotheses at a
// time this way: rows of accepted cards in, columns of hypotheses out).
// It swaps ever smaller blocks, 32 × 32 down to 1 × 1 (Warren, Hacker's
// Delight, § 7-3), in 6 × 32 word operations.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000FFFFFFFF)
	for j := 32; j != 0; j, m = j>>1, m^(m<<(j>>1)) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k] ^= t << j
			a[k+j] ^= t
		}
	}
}
