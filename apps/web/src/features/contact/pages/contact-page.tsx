// Contact Us (spec §2 "/Contact"): the "Get a Quote" panel with the centre's details and the contact form.
import { useLabDetails } from '../../../shared/lib/lab-info.ts';
import { LabDetailsList } from '../../../shared/ui/lab-details-list.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { postContactForm } from '../api/contact-outcome.ts';
import { ContactForm } from '../components/contact-form.tsx';
import type { Route } from './+types/contact-page';

/** the form posted without JavaScript (with it, the form sends itself and this never runs) */
export const action = (args: Route.ActionArgs) => postContactForm(args);

export const meta = () => [
  { title: 'Contact Us | Lab Centre Diagnostics' },
  {
    name: 'description',
    content: 'Address, phone numbers and e-mail of Lab Centre Diagnostics, and a form to send us a message or ask for a quote.',
  },
];

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const lab = useLabDetails();
  return (
    <>
      <PageHero title="Contact Us" tagline="Questions about a test, a report or a price? Write to us or call: we are glad to help." />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="get-a-quote" className="rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
          <h2 id="get-a-quote" className="text-2xl font-bold">
            Get a Quote
          </h2>
          <p className="mt-2 text-brand-50">Tell us the tests you need and we will send you a quote the same day.</p>
          <div className="mt-6">
            <LabDetailsList lab={lab} tone="dark" />
          </div>
        </section>
        <ContactForm posted={actionData} />
      </div>
    </>
  );
}
