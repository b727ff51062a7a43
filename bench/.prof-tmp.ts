import { chromium } from 'playwright-core';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
await page.goto(url + '/Appointment');
const search = page.getByRole('combobox', { name: 'Search tests' });
await page.waitForResponse((r) => r.url().includes('/api/tests/')).catch(() => {});
await page.waitForTimeout(500);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 1) });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await search.focus();
await page.waitForTimeout(300);
await cdp.send('Profiler.start');
for (const k of 'serum potass') { await page.keyboard.press(k === ' ' ? 'Space' : k); await page.waitForTimeout(150); }
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas!;
profile.samples!.forEach((id: number, i: number) => {
  const n: any = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
});
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
await browser.close();
