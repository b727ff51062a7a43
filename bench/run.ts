// npm run bench: every benchmark, one after the other (the machine has two cores; running them
// together would measure each other). Prints the figures and keeps them in bench/results/latest.json,
// with the time each benchmark's were taken (measuredAt), then renders the README's table of them
// (bench/table.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benches } from './lib/benches.ts';
import { loadAverageNow, settle } from './lib/judge.ts';
import { writeReadmeTable } from './table.ts';

// Names pick benchmarks; `--flags` are each benchmark's own (e.g. --pg, --minutes=3), but `--no-settle`:
// start each benchmark at once, not after waiting for the machine's load average to settle (bench/lib/judge.ts).
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const noSettle = process.argv.includes('--no-settle');
const latest = path.join(import.meta.dirname, 'results/latest.json');
// A run keeps the last figures of the benchmarks it did not run beside its own (a plain `npm run bench`
// runs neither the soak nor the scale: their figures, and when they were taken, stay).
const kept = existsSync(latest) ? (JSON.parse(readFileSync(latest, 'utf8')) as Record<string, unknown>) : {};
const measuredAt: Record<string, string> = { ...(kept.measuredAt as Record<string, string> | undefined) };
const results: Record<string, unknown> = { ...kept, at: new Date().toISOString(), measuredAt };
let failed = false;
for (const b of benches) {
  if (only.length ? !only.some((o) => b.file.includes(o)) : b.onlyWhenNamed) continue;
  console.log(`\n=== ${b.name}`);
  // the previous benchmark's load, still in the load average, would leave this one's goals unjudged
  if (!noSettle) {
    const waited = await settle();
    if (waited > 0) console.log(`(waited ${waited} s for the load average to settle: ${loadAverageNow()})`);
  }
  measuredAt[b.name] = new Date().toISOString();
  try {
    const mod = (await import(b.file)) as { run(): Promise<unknown>; print?(r: unknown): void };
    const figures = await mod.run();
    if (mod.print) mod.print(figures);
    else console.log(JSON.stringify(figures, null, 2));
    results[b.name] = figures;
  } catch (e) {
    failed = true;
    console.error(`${b.name} failed:`, e);
    results[b.name] = { error: String(e) };
  }
}
writeFileSync(latest, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nREADME.md's table of figures: ${writeReadmeTable() ? 'renewed' : 'unchanged'}`);
process.exit(failed ? 1 : 0);
