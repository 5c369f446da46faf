/** Timing primitives shared by the stages: a clock, medians, and one throughput round. */

export const now = () => performance.now();

/**
 * CPU milliseconds of this process (every thread: the collector's and the compiler's helpers
 * too). A round timed by it does not count the time spent waiting for a core on a shared
 * machine, which the wall clock charges to whichever contender was running.
 */
export const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The median of a contender's samples and the band around it: the samples next to the median
 * (the second and the next-to-last when there are five or more; else the extremes). A verdict
 * holds only when the whole band is on one side of the target (report.mjs `verdict`).
 */
export function band(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const edge = sorted.length >= 5 ? 1 : 0;
  return { median: median(sorted), low: sorted[edge], high: sorted[sorted.length - 1 - edge] };
}

export function utf8Bytes(texts) {
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
}

// Every result is looked at and counted here, so the engine cannot skip a parse as unused.
let sink = 0;
export const resultsSeen = () => sink;

/**
 * Parses the whole corpus again and again for at least `minMs` (and at least once);
 * returns MB/s (10^6 bytes of UTF-8 per second). `clock`: `now` (wall) or `cpuNow`.
 */
export function throughputRound(parse, queries, bytes, minMs, clock = now) {
  let passes = 0;
  const start = clock();
  let elapsed = 0;
  do {
    for (const query of queries) {
      let result = parse(query);
      if (result !== undefined && result !== null) sink++;
      // Let go before the next call: left in the binding, the previous tree stayed alive through
      // the next parse (V8 does not clear it), and on 10 000-clause queries the collector then
      // copied two 4 MB trees where a caller that uses a tree and lets it go pays for one.
      result = undefined;
    }
    passes++;
    elapsed = clock() - start;
  } while (elapsed < minMs);
  return (bytes * passes) / (elapsed / 1000) / 1e6;
}

/**
 * Before a timed round: a young-generation collection, so the previous contender's fresh
 * garbage is not collected in this one's time. Not a full `gc()`: after one, mdq ran up to ten
 * times slower for the next 100 ms and more, as if V8 optimised its code again (measured by
 * bench/gc-distortion.mjs: 1-3 MB/s instead of 20-38 on parse); after a young collection it
 * runs as fast as after none. Without `--expose-gc`, nothing.
 */
export function collectYoung() {
  globalThis.gc?.({ type: 'minor' });
}
