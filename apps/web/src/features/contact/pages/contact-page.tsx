// Contact Us (docs/product.md#public-pages): the "Get a Quote" panel with the centre's details and the contact form.
import { useLabDetails } from '../../../shared/lib/lab-info.ts';
import { LabDetailsList } from '../../../shared/ui/lab-details-list.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { postContactForm } from '../api/contact-outcome.ts';
import { ContactForm } from '../components/contact-form.tsx';
import type { Route } from './+types/contact-page';
import type { MetaArgs } from 'react-router';
import { pageMeta, useT } from '../../../shared/i18n/i18n.tsx';

/** the form posted without JavaScript (with it, the form sends itself and this never runs) */
export const action = (args: Route.ActionArgs) => postContactForm(args);

export const meta = ({ matches }: MetaArgs) => pageMeta(matches, 'contact.meta.title', 'contact.meta.description');

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const lab = useLabDetails();
  const t = useT();
  return (
    <>
      <PageHero title={t('contact.title')} tagline={t('contact.tagline')} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="get-a-quote" className="rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
          <h2 id="get-a-quote" className="text-2xl font-bold">
            {t('contact.quote')}
          </h2>
          <p className="mt-2 text-brand-50">{t('contact.quote.text')}</p>
          <div className="mt-6">
            <LabDetailsList lab={lab} tone="dark" />
          </div>
        </section>
        <ContactForm posted={actionData} />
      </div>
    </>
  );
}
