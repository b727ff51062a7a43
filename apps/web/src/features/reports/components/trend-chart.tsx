// One parameter's values over time as a uPlot line chart, with the reference interval each value was
// read against shaded behind it. uPlot (~20 KB gzip) is imported only here, and this file only by the
// trends screen, a lazy route: no public page loads it. The chart is a picture for sighted readers; the
// screen's table says the same to everyone else, so the canvas is hidden from assistive technology.
import type { Locale, Trend } from '@lab/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatMomentDate } from '../../../shared/lib/format-date.ts';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;
const LINE = '#1d4ed8';
const BAND = 'rgba(22, 163, 74, 0.16)';

/** y from a little under the lowest value or limit to a little over the highest */
function yRange(trend: Trend): [number, number] {
  const ys = trend.points.flatMap((p) => [p.value, p.lower, p.upper]).filter((v): v is number => v !== null);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.15;
  return [lo - pad, hi + pad];
}

/** shades each point's interval across its share of the x axis (halfway to its neighbours) */
function shadeIntervals(trend: Trend) {
  return (u: uPlot) => {
    const { ctx, bbox } = u;
    const xs = u.data[0];
    ctx.save();
    ctx.fillStyle = BAND;
    trend.points.forEach((p, i) => {
      if (p.lower === null && p.upper === null) return;
      const x = u.valToPos(xs[i]!, 'x', true);
      const left = i === 0 ? bbox.left : (x + u.valToPos(xs[i - 1]!, 'x', true)) / 2;
      const right = i === xs.length - 1 ? bbox.left + bbox.width : (x + u.valToPos(xs[i + 1]!, 'x', true)) / 2;
      const top = p.upper === null ? bbox.top : Math.max(bbox.top, u.valToPos(p.upper, 'y', true));
      const bottom = p.lower === null ? bbox.top + bbox.height : Math.min(bbox.top + bbox.height, u.valToPos(p.lower, 'y', true));
      if (bottom > top) ctx.fillRect(left, top, right - left, bottom - top);
    });
    ctx.restore();
  };
}

/** the time axis's dates as the site writes every date ("28 Nov 2026"; uPlot's own would be 11/28/26) */
function axisDates(locale: Locale): uPlot.Axis['values'] {
  return (_u, splits) => splits.map((s) => formatMomentDate(s * 1000, locale));
}

function options(trend: Trend, width: number, locale: Locale): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    // Dates on the axis as the lab reads them, in India.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Asia/Kolkata'),
    scales: { x: { time: true }, y: { range: () => yRange(trend) } },
    axes: [{ space: 100, values: axisDates(locale) }, { label: trend.unit, size: 56 }],
    series: [{}, { label: trend.parameter, stroke: LINE, width: 2, points: { show: true, size: 8, fill: LINE } }],
    hooks: { drawClear: [shadeIntervals(trend)] },
  };
}

export function TrendChart({ trend, locale = 'en' }: { trend: Trend; locale?: Locale }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [trend.points.map((p) => Date.parse(p.taken_at) / 1000), trend.points.map((p) => p.value)];
    const chart = new uPlot(options(trend, el.clientWidth, locale), data, el);
    // Follows the width of its box: a phone turned sideways, a window resized.
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [trend, locale]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="trend-chart" />;
}
