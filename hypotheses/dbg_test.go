package hypotheses
import ("testing";"fmt";"github.com/eleusis/eleusis/rulebank")
func TestDbgPlace(t *testing.T) {
	sp := Default()
	bank := rulebank.Default()
	for _, name := range []string{"multiple-or-divisor","product-mod-four","spade-up-else-down","three-colours-no-repeat","two-odd-blacks-then-red-even-face","fewer-faces-than-numbers","no-rank-repeat-in-five","same-suit"} {
		r, _ := bank.Get(name)
		p, err := sp.Place(r, false, DefaultPlace)
		fmt.Printf("%s: reached %v %d bits %q index %v exact %v rounds %d %v\n   %s\n", name, p.Reached, p.Length, p.Expr, p.Index, p.Exact, p.Rounds, p.Elapsed, p.Reason)
		if err != nil { t.Fatal(err) }
	}
}
