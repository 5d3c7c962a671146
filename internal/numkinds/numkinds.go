package numkinds

// Kind is one kind of whole number. Every kind holds positive numbers
// only: 0 and the negatives are of none.
type Kind struct {
	Name string
	Is   func(v int) bool
}

// The kinds, in the order the grammar numbers them (its Node.K2): the
// prime first, the kind the language named before there were others.
var (
	Prime      = Kind{"prime", isPrime}
	Square     = Kind{"perfect square", func(v int) bool { r := Isqrt(v); return v > 0 && r*r == v }}
	Triangular = Kind{"triangular number", func(v int) bool { r := Isqrt(2 * v); return v > 0 && r*(r+1) == 2*v }}
	Fibonacci  = Kind{"Fibonacci number", isFibonacci}
	PowerOfTwo = Kind{"power of two", func(v int) bool { return v > 0 && v&(v-1) == 0 }}

	All = []Kind{Prime, Square, Triangular, Fibonacci, PowerOfTwo}
)

// UpTo are the kind's numbers from 1 to top, smallest first.
func (k Kind) UpTo(top int) []int {
	var vs []int
	for v := 1; v <= top; v++ {
		if k.Is(v) {
			vs = append(vs, v)
		}
	}
	return vs
}

// Isqrt is the whole part of v's square root (0 for v < 1).
func Isqrt(v int) int {
	r := 0
	for (r+1)*(r+1) <= v {
		r++
	}
	return r
}

func isPrime(v int) bool {
	if v < 2 {
		return false
	}
	for d := 2; d*d <= v; d++ {
		if v%d == 0 {
			return false
		}
	}
	return true
}

// isFibonacci: 1, 2, 3, 5, 8, 13 … (1 once).
func isFibonacci(v int) bool {
	a, b := 1, 2
	for a < v {
		a, b = b, a+b
	}
	return v > 0 && a == v
}
