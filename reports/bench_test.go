package reports

import "testing"

func TestRotationsBalanced(t *testing.T) {
	for _, k := range []int{2, 3, 4, 7} {
		var ss []string
		for i := range k {
			ss = append(ss, string(rune('a'+i)))
		}
		seats := 4
		count := map[string]int{}
		inSeat := map[[2]any]int{}
		for _, lu := range Rotations(ss, seats) {
			for j, s := range lu {
				count[s]++
				inSeat[[2]any{s, j}]++
			}
		}
		for _, s := range ss {
			if count[s] != seats {
				t.Errorf("k=%d: %s plays %d seats, want %d", k, s, count[s], seats)
			}
			for j := range seats {
				if inSeat[[2]any{s, j}] != 1 {
					t.Errorf("k=%d: %s sits in seat %d %d times", k, s, j, inSeat[[2]any{s, j}])
				}
			}
		}
	}
}
