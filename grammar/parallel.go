package grammar

import (
	"runtime"
	"sync"
)

// eachOf calls f(i) for i in [0, n), split over the cores when n is large
// enough to pay for it. Each f(i) must write only its own slot: the result
// is then the same on any number of cores.
func eachOf(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n/minPerWorker)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w * n / workers; i < (w+1)*n/workers; i++ {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// minPerWorker: the fewest items worth a goroutine of their own (a few
// microseconds each: a goroutine costs about one).
const minPerWorker = 16
