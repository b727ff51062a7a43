// npm run bench: every benchmark, one after the other (the machine has two cores; running them
// together would measure each other). Prints the figures and keeps them in bench/results/latest.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

interface Bench {
  name: string;
  file: string;
}

const benches: Bench[] = [
  { name: 'public pages (Lighthouse, first-load JS)', file: './web-pages.ts' },
  { name: 'catalogue API (5,000 tests)', file: './api-tests.ts' },
  { name: 'booking throughput', file: './api-bookings.ts' },
  { name: 'booking page search latency (5,000 tests)', file: './web-search.ts' },
  { name: 'PDF report generation (3 pages)', file: './pdf-reports.ts' },
  // Minutes, not seconds: seeds a million appointments. `npm run bench -- scale` runs it alone.
  { name: 'scale: a million appointments', file: './scale.ts' },
];

const only = process.argv.slice(2);
const results: Record<string, unknown> = { at: new Date().toISOString() };
let failed = false;
for (const b of benches) {
  if (only.length && !only.some((o) => b.file.includes(o))) continue;
  console.log(`\n=== ${b.name}`);
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
writeFileSync(path.join(import.meta.dirname, 'results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
process.exit(failed ? 1 : 0);
