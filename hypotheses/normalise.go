package hypotheses

import "slices"

// A behaviour's home: the smallest family whose contexts can read all a
// rule reads, so that the index keeps each behaviour once, whichever family
// built it (normalise), and the maps between families that make the move.

// normalise moves a rule to the smallest family that can read all it reads:
// a family with fewer contexts on whose shared information the rows factor
// (the same row in every context that agrees on what both families read).
// The smaller family need not read less than the rule's own — prev2-card
// reads prev2's suit, which prev2-rank does not — so a rule has one home
// whichever family built it.
func normalise(fam Family, rows []uint64) (Family, []uint64) {
	return new(normScratch).normalise(fam, rows)
}

// normScratch holds normalise's buffers, one per family (a family's rows
// are only ever factored onto smaller ones, so they never alias).
type normScratch struct {
	small, rows [numFamilies][]uint64
	set         [numFamilies][]uint32
	gen         uint32
}

func (ns *normScratch) normalise(fam Family, rows []uint64) (Family, []uint64) {
	if !familyFeats[fam].has(ftPrev) && constRows(rows) {
		// Reads the card only: the prev family's rows, the same after
		// every card.
		out := ns.buf(FamPrev)
		for x := range out {
			out[x] = rows[0]
		}
		return FamPrev, out
	}
	for _, h := range hosts[fam] {
		small, set := ns.buf(h.fam), ns.set[h.fam]
		ns.gen++
		ok := true
		for x, r := range rows {
			k := h.from[x]
			if set[k] != ns.gen {
				small[k], set[k] = r, ns.gen
			} else if small[k] != r {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		out := ns.out(h.fam)
		for y, k := range h.to {
			if set[k] != ns.gen {
				ok = false // a shared value the rule's family never sees
				break
			}
			out[y] = small[k]
		}
		if ok {
			return ns.normalise(h.fam, out)
		}
	}
	return fam, rows
}

// buf is family f's scratch of shared values (at most its contexts).
func (ns *normScratch) buf(f Family) []uint64 {
	if ns.small[f] == nil {
		ns.small[f] = make([]uint64, f.Contexts())
		ns.set[f] = make([]uint32, f.Contexts())
	}
	return ns.small[f]
}

// out is family f's rows as normalise returns them.
func (ns *normScratch) out(f Family) []uint64 {
	if ns.rows[f] == nil {
		ns.rows[f] = make([]uint64, f.Contexts())
	}
	return ns.rows[f]
}

// refines: the first feature determines the second.
var refines = map[[2]feature]bool{
	{ftMod4, ftMod2}: true, {ftMod6, ftMod2}: true, {ftMod6, ftMod3}: true,
	{ftP2Suit, ftP2Col}: true, {ftP3Suit, ftP3Col}: true,
}

// host is a smaller family a rule of another may move to: from maps the
// rule's contexts, and to the host's, to the values of what both read.
type host struct {
	fam      Family
	from, to []int32
}

// hosts lists, for each family, the families with fewer contexts that read
// some of the same (fewest contexts first), with the maps of the shared
// information.
var hosts = func() (out [numFamilies][]host) {
	for f := range numFamilies {
		for g := range numFamilies {
			shared := coveredFeats[f] & coveredFeats[g]
			if g == f || shared == 0 || g.Contexts() >= f.Contexts() {
				continue
			}
			key := func(s state) int32 {
				k := 0
				for ft := range numFeatures {
					if shared.has(ft) {
						k = k*featDomain[ft] + ft.value(s)
					}
				}
				return int32(k)
			}
			h := host{fam: g, from: make([]int32, f.Contexts()), to: make([]int32, g.Contexts())}
			// Keys are dense per pair: renumbered so that a host's scratch
			// of its contexts' size holds them.
			ids := map[int32]int32{}
			id := func(k int32) int32 {
				if v, ok := ids[k]; ok {
					return v
				}
				ids[k] = int32(len(ids))
				return ids[k]
			}
			for y := range h.to {
				h.to[y] = id(key(g.state(y)))
			}
			for x := range h.from {
				h.from[x] = id(key(f.state(x)))
			}
			if len(ids) > g.Contexts() {
				continue // f sees shared values g cannot hold: never the case for a host
			}
			out[f] = append(out[f], h)
		}
		slices.SortStableFunc(out[f], func(a, b host) int { return a.fam.Contexts() - b.fam.Contexts() })
	}
	return out
}()
