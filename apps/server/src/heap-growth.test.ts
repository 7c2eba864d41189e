// limitHeapGrowth must change how far V8 lets garbage pile up in the old generation (issue #15).
// Each child keeps ~30 MB alive and pushes short-lived objects through the old generation; its
// peak heap shows the growth V8 allowed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const MODULE = join(import.meta.dirname, 'heap-growth.ts');

function peakHeapMb(percent: number): number {
  const script = `
    import { limitHeapGrowth } from ${JSON.stringify(MODULE)};
    limitHeapGrowth(${percent});
    const live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: 'live-' + i }));
    const ring = new Array(300_000); // long enough that its objects outlive two scavenges
    let peak = 0;
    for (let i = 0; i < 3_000_000; i++) {
      ring[i % ring.length] = { i, s: 'x' + i, a: [i, i + 1] };
      if (i % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    process.stdout.write(String(live.length > 0 ? peak / 1048576 : 0));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return Number(child.stdout);
}

describe('limitHeapGrowth', () => {
  it('keeps the old generation closer to what is alive than V8 does by default', () => {
    const own = peakHeapMb(0);
    const limited = peakHeapMb(100);
    expect(limited).toBeGreaterThan(30);
    expect(limited).toBeLessThan(own * 0.75);
  });

  it('is 100 % unless HEAP_GROWING_PERCENT says otherwise, and refuses what is not a percentage', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '50' }).heapGrowingPercent).toBe(50);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: 'half' })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-1' })).toThrow(/HEAP_GROWING_PERCENT/);
  });
});
