// npm run bench: every benchmark, one after the other (the machine has two cores; running them
// together would measure each other). Prints the figures and keeps them in bench/results/latest.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Bench {
  name: string;
  file: string;
  /** long runs: only when named (`npm run bench -- soak`), never in a plain `npm run bench` */
  onlyWhenNamed?: boolean;
}

const benches: Bench[] = [
  { name: 'public pages (Lighthouse, first-load JS)', file: './web-pages.ts' },
  { name: 'catalogue API (demo and 5,000 tests, against nginx)', file: './api-tests.ts' },
  { name: 'booking throughput', file: './api-bookings.ts' },
  { name: 'booking throughput against the code before slots (goal: keep 80 %)', file: './booking-baseline.ts' },
  { name: 'phone messages per booking, with and without (goal: at most +10 %)', file: './channels-share.ts' },
  { name: 'booking page search latency (5,000 tests)', file: './web-search.ts' },
  { name: 'the journey on a phone: taps and bytes from the home page to a booking (goal: at most 12 taps)', file: './journey.ts' },
  { name: 'PDF report generation (3 pages)', file: './pdf-reports.ts' },
  { name: 'PDF downloads under a flood of 64 parallel requests', file: './pdf-downloads.ts' },
  { name: 'FHIR bundle generation (3-page report)', file: './fhir-bundles.ts' },
  { name: 'server start and idle memory', file: './server-start.ts' },
  { name: 'retention job over 20,000 old guest bookings', file: './retention.ts' },
  { name: 'turnaround queue over 300,000 containers (goal: p95 < 200 ms)', file: './samples-queue.ts' },
  { name: 'TAT report over 300,000 containers (goal: p95 < 200 ms)', file: './tat-screen.ts' },
  { name: 'analyser CBC messages over MLLP (event loop never held over 50 ms)', file: './analyser-messages.ts' },
  { name: 'soak (mixed traffic at half the peak)', file: './soak.ts', onlyWhenNamed: true },
  // Minutes, not seconds: seeds a million appointments. `npm run bench -- scale` runs it.
  { name: 'scale: a million appointments', file: './scale.ts', onlyWhenNamed: true },
];

// Names pick benchmarks; `--flags` are each benchmark's own (e.g. --pg, --minutes=3).
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const latest = path.join(import.meta.dirname, 'results/latest.json');
// A run of some benchmarks keeps the others' last figures beside its own.
const results: Record<string, unknown> = {
  ...(only.length && existsSync(latest) ? (JSON.parse(readFileSync(latest, 'utf8')) as Record<string, unknown>) : {}),
  at: new Date().toISOString(),
};
let failed = false;
for (const b of benches) {
  if (only.length ? !only.some((o) => b.file.includes(o)) : b.onlyWhenNamed) continue;
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
writeFileSync(latest, `${JSON.stringify(results, null, 2)}\n`);
process.exit(failed ? 1 : 0);
