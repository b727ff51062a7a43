// The statistics' cards (stats-carousel.tsx): one of six at a time, the next every 3 s with a slide
// animation (none for people who prefer reduced motion), each in a colour drawn at random from seven.
// Auto-rotation can be paused, as WCAG asks of moving content. Drawn only once the statistics arrive in
// the browser, so this code loads then: the page's first load does not carry it, nor its words, which
// are in this chunk in both languages (messages-in-code.ts), not in the page's data.
import { useEffect, useState } from 'react';
import type { DashboardStats } from '@lab/contract';
import { formatMessage, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { messagesInCode } from '../../../shared/i18n/messages-in-code.ts';

export const ROTATE_MS = 3_000;

// White text on each of these meets WCAG AA contrast.
export const STAT_COLOURS = [
  'bg-teal-800',
  'bg-sky-800',
  'bg-indigo-700',
  'bg-violet-700',
  'bg-rose-700',
  'bg-amber-800',
  'bg-emerald-800',
] as const;

const words = messagesInCode({
  categories: 'statsCards.categories',
  tests: 'statsCards.tests',
  appointments: 'statsCards.appointments',
  approved: 'statsCards.approved',
  approvalRate: 'statsCards.approvalRate',
  completionRate: 'statsCards.completionRate',
  slide: 'statsCards.slide',
  position: 'statsCards.position',
  play: 'statsCards.play',
  pause: 'statsCards.pause',
  rotation: 'statsCards.rotation',
});

interface Stat {
  label: 'categories' | 'tests' | 'appointments' | 'approved' | 'approvalRate' | 'completionRate';
  value: string;
}

const nf = new Intl.NumberFormat('en-IN');

function toStats(d: DashboardStats): Stat[] {
  return [
    { label: 'categories', value: nf.format(d.total_categories) },
    { label: 'tests', value: nf.format(d.total_tests) },
    { label: 'appointments', value: nf.format(d.total_appointments) },
    { label: 'approved', value: nf.format(d.total_approved_appointments) },
    { label: 'approvalRate', value: `${d.approval_rate}%` },
    { label: 'completionRate', value: `${d.test_completion_rate}%` },
  ];
}

const randomColour = () => STAT_COLOURS[Math.floor(Math.random() * STAT_COLOURS.length)] ?? STAT_COLOURS[0];

export default function StatsCards({ data }: { data: DashboardStats }) {
  const stats = toStats(data);
  const [index, setIndex] = useState(0);
  const [colour, setColour] = useState<string>(randomColour);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % stats.length);
      setColour(randomColour());
    }, ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, stats.length]);

  const { locale } = useLanguage();
  const say = words[locale];
  const stat = stats[index] ?? stats[0];
  if (!stat) return null;
  return (
    <div>
      <div aria-live={paused ? 'polite' : 'off'} className="overflow-hidden">
        <div
          key={index}
          role="group"
          aria-roledescription={say.slide}
          aria-label={formatMessage(say.position, { n: index + 1, total: stats.length }, locale)}
          data-testid="stat-card"
          className={`flex h-40 flex-col items-center justify-center rounded-2xl px-6 text-center text-white shadow-lg motion-safe:animate-slide-in ${colour}`}
        >
          <p className="text-5xl font-extrabold tabular-nums">{stat.value}</p>
          <p className="mt-2 text-lg font-semibold">{say[stat.label]}</p>
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-4">
        <ol className="flex gap-2" aria-hidden="true">
          {stats.map((s, i) => (
            <li key={s.label} className={`block h-2.5 w-2.5 rounded-full ${i === index ? 'bg-brand-800' : 'bg-slate-400'}`} />
          ))}
        </ol>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {paused ? say.play : say.pause}
          <span className="sr-only">{say.rotation}</span>
        </button>
      </div>
    </div>
  );
}

