import { chromium } from 'playwright-core';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
await page.goto(url + '/Appointment');
await page.waitForTimeout(1500);
const search = page.getByRole('combobox', { name: 'Search tests' });
await search.focus();
await page.waitForTimeout(300);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
for (const k of 'serum potass') { await page.keyboard.press(k === ' ' ? 'Space' : k); await page.waitForTimeout(150); }
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents as any[];
const sum = new Map<string, { n: number; ms: number; max: number }>();
for (const e of events) {
  if (e.ph !== 'X' || !e.dur) continue;
  const s = sum.get(e.name) ?? { n: 0, ms: 0, max: 0 };
  s.n++; s.ms += e.dur / 1000; s.max = Math.max(s.max, e.dur / 1000);
  sum.set(e.name, s);
}
console.log([...sum.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20).map(([k, v]) => `${v.ms.toFixed(1)}ms n=${v.n} max=${v.max.toFixed(1)} ${k}`).join('\n'));
const ed = events.filter(e => e.name === 'EventDispatch').map(e => [e.args?.data?.type, (e.dur/1000).toFixed(1)]);
const byType = {} as Record<string, number>; for (const [t, d] of ed) byType[t] = (byType[t] ?? 0) + Number(d);
console.log(byType);
const fc = events.filter(e => e.name === 'FunctionCall' && e.dur > 3000).map(e => [(e.dur/1000).toFixed(1), e.args?.data?.functionName, e.args?.data?.url?.split('/').pop(), e.args?.data?.lineNumber]);
console.log(fc);
const layouts = events.filter(e => e.name === 'Layout' && e.args?.beginData).slice(0,3).map(e => e.args.beginData);
console.log(JSON.stringify(layouts));
const styles = events.filter(e => e.name === 'UpdateLayoutTree').slice(0,3).map(e => [e.dur, JSON.stringify(e.args).slice(0,300)]);
console.log(styles);
await browser.close();
