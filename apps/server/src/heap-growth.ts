// After a full collection V8 lets the old generation grow up to four times what survived before it
// collects again. The server keeps about 35 MB alive, yet under 20 clients its RSS reached
// 230-245 MB, nearly all of it garbage waiting for that next collection. Letting it
// grow by at most HEAP_GROWING_PERCENT (default 100: twice what survived) kept the peak at
// 163-170 MB, with the same CPU per request in interleaved runs (docs/performance.md, "Memory").
// V8 reads this flag at every full collection, so setting it once the process runs is enough.
import { setFlagsFromString } from 'node:v8';

/** 0 leaves V8's own growth. */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
