// Contact Us (spec §2 "/Contact"): the "Get a Quote" panel with the centre's details and the contact form.
import { labInfo, telHref } from '../../../shared/lib/lab-info.ts';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../shared/ui/icons.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { ContactForm } from '../components/contact-form.tsx';

export const meta = () => [
  { title: 'Contact Us | Lab Centre Diagnostics' },
  {
    name: 'description',
    content: 'Address, phone numbers and e-mail of Lab Centre Diagnostics, and a form to send us a message or ask for a quote.',
  },
];

export default function ContactPage() {
  return (
    <>
      <PageHero title="Contact Us" tagline="Questions about a test, a report or a price? Write to us or call: we are glad to help." />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="get-a-quote" className="rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
          <h2 id="get-a-quote" className="text-2xl font-bold">
            Get a Quote
          </h2>
          <p className="mt-2 text-brand-50">Tell us the tests you need and we will send you a quote the same day.</p>
          <address className="mt-6 space-y-5 not-italic">
            <p className="flex gap-3">
              <MapPinIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" />
              <span>
                <span className="block font-semibold">Address</span>
                {labInfo.address.join(', ')}
              </span>
            </p>
            <p className="flex gap-3">
              <PhoneIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" />
              <span>
                <span className="block font-semibold">Phone</span>
                {labInfo.phones.map((p) => (
                  <a key={p} href={telHref(p)} className="block underline underline-offset-4">
                    {p}
                  </a>
                ))}
              </span>
            </p>
            <p className="flex gap-3">
              <MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" />
              <span>
                <span className="block font-semibold">E-mail</span>
                <a href={`mailto:${labInfo.email}`} className="underline underline-offset-4">
                  {labInfo.email}
                </a>
              </span>
            </p>
            <p className="flex gap-3">
              <ClockIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" />
              <span>
                <span className="block font-semibold">Hours</span>
                {labInfo.hours}
              </span>
            </p>
          </address>
        </section>
        <ContactForm />
      </div>
    </>
  );
}
