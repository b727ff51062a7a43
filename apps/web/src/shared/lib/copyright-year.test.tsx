// A page's start in the browser reads no clock in India: the contract's India clock makes its formatters at
// first use (making one for a time zone loads the zone's rules, about 12 ms of a phone's start), and the
// footer's year comes with the root's data, read on the server.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyrightYear, useCopyrightYear } from './lab-info.ts';

const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

describe("India's clock in the browser", () => {
  it('makes no formatter as the contract loads, and its two at the first reading', async () => {
    vi.resetModules();
    let made = 0;
    Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made++;
        return new target(...args);
      },
    });
    const { inIndia } = await import('@lab/contract');
    expect(made).toBe(0);
    expect(inIndia(Date.parse('2026-12-31T18:30:00Z'))).toEqual({ date: '2027-01-01', time: '00:00' });
    expect(made).toBe(2);
  });

  it("gives the footer the year of the root's data, and reads the clock only without it (the error screen)", () => {
    const Year = () => <>{useCopyrightYear()}</>;
    const render = (rootData: unknown) =>
      renderToString(<RouterProvider router={createMemoryRouter([{ id: 'root', path: '/', Component: Year, loader: () => rootData }], { hydrationData: { loaderData: { root: rootData } } })} />);
    expect(render({ year: 2031 })).toBe('2031');
    expect(render(null)).toBe(String(copyrightYear()));
  });
});
