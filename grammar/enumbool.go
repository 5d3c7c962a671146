package grammar

// boolOfInts offers the atoms over integer terms: comparisons, divisibility,
// ranges, primes and betweenness.
func (e *Enumerator) boolOfInts(L int) {
	own := Table[PCmp].Bits(nil)
	for la := 1; la <= L-own-1; la++ {
		lb := L - own - la
		for _, a := range e.Ints(la) {
			if isConst(a) {
				continue
			}
			for _, b := range e.Ints(lb) {
				if !isConst(b) && a.id >= b.id {
					continue // each pair once; < and > give both directions
				}
				if isConst(b) && (int32(b.Node.K) < a.lo || int32(b.Node.K) > a.hi) {
					continue // a number the term never reaches
				}
				e.kids[0], e.kids[1] = a.Vec, b.Vec
				for op := range numCmps {
					e.atom(e.mk(PCmp, op, 0, a.Node, b.Node), L, e.kids)
				}
			}
		}
	}
	for k := 2; k <= 13; k++ {
		for _, t := range e.Ints(L - (modBits(k) - 1)) {
			if isConst(t) || t.order || t.Node.P == PMod || t.hi < int32(k) && t.lo >= 0 || e.Seen && t.top < int32(k) {
				continue
			}
			e.kids[0] = t.Vec
			for _, op := range []Op{Eq, Ne} {
				e.atom(e.mk(PDiv, op, k, t.Node), L, e.kids)
			}
		}
	}
	for lt := 1; lt < L; lt++ {
		for _, t := range e.Ints(lt) {
			if isConst(t) || t.rankS > 0 {
				continue // a card's own ranges are the lexicon's
			}
			e.kids[0] = t.Vec
			left := L - lt - 2 // the bounds' bits
			if left >= 6 && left <= 10 {
				for a := max(t.lo+1, 0); a < t.hi && a <= 31; a++ {
					hiBits := left - ConstBits(int(a))
					for hi := a + 1; hi < t.hi && hi <= 31; hi++ {
						if ConstBits(int(hi)) == hiBits {
							e.sn = Node{P: PRange, K: int(a), K2: int(hi), Kids: append(e.skids[:0], t.Node)}
							e.atom(&e.sn, L, e.kids)
						}
					}
				}
			}
			// A kind of number (a prime, a perfect square …): of any term
			// in the main pool; in the look-back pool (Near) of a place
			// only ("red on the places that are primes, the starter
			// first": n + 1), where every term's would crowd it. The
			// kinds beyond the primes of terms from 10 to maxKindBound.
			if t.hi < 4 || t.Node.P == PMod || t.order || e.Near && !t.Node.Reads().N {
				continue
			}
			for k, kind := range numberKinds {
				if lt+kind.bits == L && (k == 0 || t.hi >= 10 && t.hi <= maxKindBound) {
					e.mk(PPrime, 0, int(t.hi), t.Node).K2 = k
					e.atom(&e.sn, L, e.kids)
				}
			}
		}
	}
	// Between two ranks: x within (or strictly within) the range a and b
	// span; a and b a card's rank, or (in the look-back pool) the highest
	// and the lowest of the last cards ("between the lowest and the
	// highest of the last three").
	own = Table[PBetween].Bits(nil)
	rankLike := func(c *Class) bool { return c.rankS != 0 || c.Node.P == PExtreme && c.Node.K < 2 }
	for lx := 1; lx < L-own; lx++ {
		for _, x := range e.Ints(lx) {
			if x.rankS == 0 {
				continue
			}
			for la := 1; la < L-own-lx; la++ {
				lb := L - own - lx - la
				for _, a := range e.Ints(la) {
					for _, b := range e.Ints(lb) {
						if !rankLike(a) || !rankLike(b) || a.id >= b.id || a.id == x.id || b.id == x.id {
							continue
						}
						e.kids = [3]Vec{x.Vec, a.Vec, b.Vec}
						for _, op := range []Op{Le, Lt} {
							e.atom(e.mk(PBetween, op, 0, x.Node, a.Node, b.Node), L, e.kids)
						}
					}
				}
			}
		}
	}
}

// connectives offers the compounds of Boolean classes.
func (e *Enumerator) connectives(L int) {
	for _, a := range e.Bools(L - 1) {
		if a.Node.P == PNot {
			continue
		}
		e.kids[0] = a.Vec
		e.add(e.mk(PNot, 0, 0, a.Node), L, e.kids)
	}
	for la := 1; la <= L-2; la++ {
		lb := L - 1 - la
		for _, a := range e.Bools(la) {
			for _, b := range e.Bools(lb) {
				if a.id == b.id || a.Node.P == PTrue || b.Node.P == PTrue {
					continue
				}
				e.kids[0], e.kids[1] = a.Vec, b.Vec
				if a.id < b.id {
					e.add(e.mk(PAnd, 0, 0, a.Node, b.Node), L, e.kids)
					e.add(e.mk(POr, 0, 0, a.Node, b.Node), L, e.kids)
					e.add(e.mk(PIff, 0, 0, a.Node, b.Node), L, e.kids)
				}
				e.add(e.mk(PImp, 0, 0, a.Node, b.Node), L, e.kids)
			}
		}
	}
	own := Table[PIte].Bits(nil)
	for lc := 1; lc <= L-own-2; lc++ {
		for la := 1; la <= L-own-lc-1; la++ {
			lb := L - own - lc - la
			for _, c := range e.Bools(lc) {
				if c.Node.P == PTrue || c.Node.P == PNot {
					continue
				}
				for _, a := range e.Bools(la) {
					for _, b := range e.Bools(lb) {
						if a.id == b.id || b.Node.P == PTrue || a.id == c.id || b.id == c.id {
							continue // c ? a : true is an implication
						}
						e.kids = [3]Vec{c.Vec, a.Vec, b.Vec}
						e.add(e.mk(PIte, 0, 0, c.Node, a.Node, b.Node), L, e.kids)
					}
				}
			}
		}
	}
}
