// The time of a booking (the booking form, the dashboard's reschedule): the chosen day's 30-minute slots as radio buttons with the seats left
// ("3 places left"), full ones disabled, slots of today that have begun not offered (the server leaves them
// out). A screen reader hears each slot whole: "10:30 to 11:00, 3 places left" (in Hindi "10:30 से 11:00, 3 जगहें
// बाकी"; the texts are the catalogue's `booking.slot` section, which the booking form's and the dashboard's
// data carry). Arrow keys move between the slots, as in any radio group.
import { type Slot, suitsPreparation } from '@lab/contract';
import { useEffect, useId, useMemo } from 'react';
import { useSlots } from '../api/slots.ts';
import { type Translate, useT } from '../i18n/i18n.tsx';

export interface SlotPickerProps {
  date: string;
  homeSample: boolean;
  /** the chosen slot's start (the booking's time), '' for none */
  value: string;
  onChange(time: string): void;
  error: string | null;
  /** the selected tests' latest sensible time (fasting tests: 11:00); later slots are not offered */
  latestTime: string | null;
  /** the group's name ("Time" on the booking form, "New time" when rescheduling) */
  legend?: string;
}

export function SlotPicker({ date, homeSample, value, onChange, error, latestTime, legend }: SlotPickerProps) {
  const id = useId();
  const t = useT();
  const slots = useSlots(date, homeSample);
  const offered = useMemo(() => slots.data?.slots.filter((s) => suitsPreparation(s.start, latestTime)), [slots.data, latestTime]);
  const withheld = latestTime !== null && (slots.data?.slots.length ?? 0) > (offered?.length ?? 0);

  // A time chosen for another day, or taken meanwhile, is no longer a choice.
  useEffect(() => {
    if (value && offered && !offered.some((s) => s.start === value && s.seats_left > 0)) onChange('');
  }, [offered, value, onChange]);

  let body: React.ReactNode;
  if (!date) body = <p className="text-sm text-slate-600">{t('booking.slot.noDate')}</p>;
  else if (slots.isPending) body = <p className="text-sm text-slate-600">{t('booking.slot.loading')}</p>;
  else if (slots.isError) body = <p className="text-sm text-red-700">{t('booking.slot.failed')}</p>;
  else if (slots.data.closed) body = <p className="text-sm font-medium text-red-700">{slots.data.reason}</p>;
  else if (!offered || offered.length === 0) body = <p className="text-sm font-medium text-red-700">{t('booking.slot.noneLeft')}</p>;
  else
    body = (
      <div className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto p-1 sm:grid-cols-4">
        {offered.map((slot) => (
          <SlotChoice key={slot.start} name={`${id}-slot`} slot={slot} checked={value === slot.start} onChange={onChange} t={t} />
        ))}
      </div>
    );

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend ?? t('booking.slot.time')}</legend>
      {withheld && latestTime ? <p className="mb-2 text-sm text-slate-700">{t('booking.slot.withheld', { time: latestTime })}</p> : null}
      <div aria-live="polite">{body}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SlotChoice({ name, slot, checked, onChange, t }: { name: string; slot: Slot; checked: boolean; onChange(time: string): void; t: Translate }) {
  const full = slot.seats_left === 0;
  const left = full ? t('booking.slot.full') : t('booking.slot.left', { count: slot.seats_left });
  // The name a screen reader or speech input uses holds the visible words in their order (WCAG 2.5.3:
  // "10:30", "to 11:00", "3 places left" are all on the button, and its name is "10:30 to 11:00, 3 places
  // left"), so saying what one sees chooses the slot.
  return (
    <label
      className={`flex flex-col items-center rounded-md border px-2 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1 ${
        full
          ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500'
          : checked
            ? 'cursor-pointer border-brand-700 bg-brand-700 text-white'
            : 'cursor-pointer border-slate-300 bg-white text-slate-900 hover:border-brand-600'
      }`}
    >
      <input type="radio" name={name} value={slot.start} checked={checked} disabled={full} onChange={() => onChange(slot.start)} className="sr-only" />
      <span className="sr-only">{full ? t('booking.slot.labelFull', slot) : t('booking.slot.label', { ...slot, left })}</span>
      <span aria-hidden="true" className="font-semibold">
        {slot.start}
      </span>
      <span aria-hidden="true" className="text-xs">
        {t('booking.slot.until', { end: slot.end })}
      </span>
      <span aria-hidden="true" className="text-xs">
        {left}
      </span>
    </label>
  );
}
