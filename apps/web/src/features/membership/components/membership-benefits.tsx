// What a membership gives (docs/product.md#fixed-values).
import { useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { CheckIcon } from '../../../shared/ui/icons.tsx';

export const BENEFITS: ReadonlyArray<{ title: MessageId; text: MessageId }> = [
  { title: 'dashboard.member.benefit1', text: 'dashboard.member.benefit1Text' },
  { title: 'dashboard.member.benefit2', text: 'dashboard.member.benefit2Text' },
  { title: 'dashboard.member.benefit3', text: 'dashboard.member.benefit3Text' },
];

export function MembershipBenefits() {
  const t = useT();
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {BENEFITS.map((b) => (
        <li key={b.title} className="rounded-xl border border-brand-100 bg-brand-50 p-5">
          <h3 className="flex items-center gap-2 font-bold text-brand-900">
            <CheckIcon className="h-5 w-5 text-brand-700" />
            {t(b.title)}
          </h3>
          <p className="mt-2 text-sm text-slate-700">{t(b.text)}</p>
        </li>
      ))}
    </ul>
  );
}
