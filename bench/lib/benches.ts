// The benchmarks `npm run bench` runs (bench/run.ts), in order, and the names their figures are kept
// under in bench/results/latest.json; bench/table.ts reads them back by the same names for the README's
// table. Kept apart from run.ts, which runs them when imported.

export interface Bench {
  name: string;
  file: string;
  /** long runs: only when named (`npm run bench -- soak`), never in a plain `npm run bench` */
  onlyWhenNamed?: boolean;
}

export const benches: Bench[] = [
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

/** the name a bench's figures are kept under, from its file ('./api-bookings.ts') */
export function benchName(file: string): string {
  const b = benches.find((x) => x.file === file);
  if (!b) throw new Error(`no benchmark ${file} in bench/lib/benches.ts`);
  return b.name;
}
