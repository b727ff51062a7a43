// /membership (docs/product.md#public-pages): a member sees their membership, its benefits and the packages at
// their price, and may unsubscribe; anyone else sees the plans (a visitor is asked to log in first).
// Subscribe and unsubscribe answer with an alert; a failure is only logged (docs/product.md#messages).
import { useMembershipStatus } from '../../../shared/api/membership.ts';
import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { entrySep } from '../../../shared/i18n/i18n.tsx';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { ExclusivePackages } from '../components/exclusive-packages.tsx';
import { MembershipBenefits } from '../components/membership-benefits.tsx';
import { MembershipDetails } from '../components/membership-details.tsx';
import { PlanChooser } from '../components/plan-chooser.tsx';
import { useMembershipActions } from '../components/use-membership-actions.ts';

/** its texts, the dashboard's membership ones and the packages', come with this screen's data */
export const loader = (args: LoaderFunctionArgs) => ({ messages: [pageMessages(args, 'dashboard'), pageMessages(args, 'packages')].join(entrySep) });

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.member.meta') }] : [];
}

const sectionTitle = 'text-2xl font-bold text-slate-900';

/** shown under the membership and under the plan chooser alike */
function BenefitsSection() {
  const t = useT();
  return (
    <section aria-labelledby="benefits" className="mt-10">
      <h2 id="benefits" className={sectionTitle}>
        {t('dashboard.member.benefits')}
      </h2>
      <div className="mt-4">
        <MembershipBenefits />
      </div>
    </section>
  );
}

export default function MembershipPage() {
  const { user, ready } = useAuth();
  const username = user?.username ?? null;
  const status = useMembershipStatus(username);
  // only a running membership is answered (an ended one is a 404, i.e. null)
  const membership = status.data ?? null;
  const { busy, onSubscribe, onUnsubscribe, confirm } = useMembershipActions();
  const t = useT();

  let body;
  if (!ready || (username !== null && status.isPending)) {
    body = <p className="text-slate-700">{t('dashboard.member.loading')}</p>;
  } else if (status.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {t('dashboard.member.failed')}
      </p>
    );
  } else if (membership && username) {
    body = (
      <>
        <section aria-labelledby="your-membership" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="your-membership" className={sectionTitle}>
            {t('dashboard.member.yours')}
          </h2>
          <div className="mt-4">
            <MembershipDetails membership={membership} />
          </div>
          <button type="button" className={`${buttonClass.secondary} mt-6`} disabled={busy} onClick={onUnsubscribe}>
            {t('dashboard.member.unsubscribe')}
          </button>
        </section>
        <BenefitsSection />
        <section aria-labelledby="exclusive-packages" className="mt-10">
          <h2 id="exclusive-packages" className={sectionTitle}>
            {t('dashboard.member.exclusive')}
          </h2>
          <div className="mt-4">
            <ExclusivePackages username={username} />
          </div>
        </section>
      </>
    );
  } else {
    body = (
      <>
        <section aria-labelledby="plans">
          <h2 id="plans" className={sectionTitle}>
            {t('dashboard.member.plans')}
          </h2>
          {username === null ? <p className="mt-2 text-slate-700">{t('dashboard.member.loginFirst')}</p> : null}
          <div className="mt-4">
            <PlanChooser enabled={ready} onSubscribe={username === null ? null : onSubscribe} busy={busy} />
          </div>
        </section>
        <BenefitsSection />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('dashboard.member.title')}</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">{t('dashboard.member.intro')}</p>
      <div className="mt-8">{body}</div>
      <ConfirmDialog {...confirm} />
    </div>
  );
}
