// Package lab plays plans of hands. A Plan names the rules, presets,
// line-ups and hands of a run (and, for bench, its designs: solo,
// homogeneous, mixed, with the balanced Schedule); Lab.Run plays it on
// paired seeds in parallel, each hand's seed derived from the run's seed and
// the hand's coordinates, so the same plan gives the same records at any
// number of workers (Run, the worker pool, emits every hand in order
// whatever order they finish in). The records go to hands.jsonl beside run.json (RunMeta:
// the plan, the rules' definitions, the program), a run can be resumed or
// cut into shards that OpenShards and Merge put back together, and every
// file is written atomically.
//
// What people read from the records is built above the lab: rank and bench
// sum them up, render draws and writes the summaries.
package lab
