// What a membership gives (spec §9).
import { CheckIcon } from '../../../shared/ui/icons.tsx';

export const BENEFITS = [
  { title: 'Exclusive Discounts', text: 'Your plan discount on every test and package you book.' },
  { title: 'Priority Booking', text: 'Preferred appointment slots and faster sample processing.' },
  { title: 'Free Consultation Calls', text: 'Talk to our doctors about your reports at no charge.' },
] as const;

export function MembershipBenefits() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {BENEFITS.map((b) => (
        <li key={b.title} className="rounded-xl border border-brand-100 bg-brand-50 p-5">
          <h3 className="flex items-center gap-2 font-bold text-brand-900">
            <CheckIcon className="h-5 w-5 text-brand-700" />
            {b.title}
          </h3>
          <p className="mt-2 text-sm text-slate-700">{b.text}</p>
        </li>
      ))}
    </ul>
  );
}
