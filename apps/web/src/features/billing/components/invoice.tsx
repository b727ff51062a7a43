// The printable invoice of one appointment or membership (docs/product.md#public-pages, #api-contract): the centre, the invoice
// number, the patient, the tests and the amounts. Its element id is what the print stylesheet keeps on paper.
import type { Bill, BillLine } from '@lab/contract';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { useLabDetails } from '../../../shared/lib/lab-info.ts';
import { useLanguage, useT } from '../../../shared/i18n/i18n.tsx';
import { paymentStatusIds } from './payment-status.ts';
import './invoice-print.css';

/**
 * when the bill was made, in India's time, as the page's language writes dates (en-IN or hi-IN); Hindi
 * on a 24-hour clock, since hi-IN's 12-hour one writes "pm" in Latin letters
 */
function formatGeneratedAt(value: string, intlLocale: string): string {
  const time = Date.parse(value);
  const clock = intlLocale === 'en-IN' ? {} : { hourCycle: 'h23' as const };
  return Number.isNaN(time) ? value : new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata', ...clock }).format(time);
}

function BillLineRow({ line }: { line: BillLine }) {
  const t = useT();
  const label =
    line.kind === 'package'
      ? t('patient.bill.line.package', { name: line.name })
      : line.kind === 'offer_discount'
        ? t('patient.bill.line.offer')
        : line.kind === 'member_discount'
          ? t('patient.bill.line.member')
          : line.name;
  return (
    <tr className="border-b border-slate-100 align-top">
      <th scope="row" className="py-2 text-left font-normal">
        {label}
        {line.includes.length > 0 && <span className="block text-xs text-slate-600">{t('patient.bill.line.includes', { tests: line.includes.join(', ') })}</span>}
      </th>
      <td className="py-2 text-right tabular-nums">{line.amount < 0 ? `− ${formatRupees(-line.amount)}` : formatRupees(line.amount)}</td>
    </tr>
  );
}

export function Invoice({ bill }: { bill: Bill }) {
  const lab = useLabDetails();
  const { t, locale, intlLocale } = useLanguage();
  return (
    <article
      id="invoice"
      aria-labelledby="invoice-title"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between print:flex-row">
        <div>
          <p className="text-xl font-bold text-brand-800">{lab.name}</p>
          <address className="mt-1 text-sm text-slate-600 not-italic">
            {lab.address_lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{t('patient.bill.phone')} {lab.phones.join(', ')}</span>
            <span className="block">{lab.email}</span>
          </address>
        </div>
        <div className="sm:text-right print:text-right">
          <h1 id="invoice-title" className="text-2xl font-bold text-slate-900">
            {t('patient.bill.invoice')}
          </h1>
          <dl className="mt-1 text-sm text-slate-700">
            <div>
              <dt className="inline font-medium">{t('patient.bill.invoiceNo')} </dt>
              <dd className="inline font-semibold">{bill.invoice_no}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t('patient.bill.reference')} </dt>
              <dd className="inline font-semibold">{bill.reference}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t('patient.bill.appointmentId')} </dt>
              <dd className="inline break-all">{bill.appointment_id}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t('patient.bill.generatedAt')} </dt>
              <dd className="inline">{formatGeneratedAt(bill.generated_at, intlLocale)}</dd>
            </div>
          </dl>
        </div>
      </header>

      <section aria-label={t('patient.bill.patient')} className="grid gap-4 border-b border-slate-200 py-4 sm:grid-cols-2 print:grid-cols-2">
        <dl className="text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">{t('patient.bill.patientName')} </dt>
            <dd className="inline">{bill.patient_name}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{t('patient.dash.email')} </dt>
            <dd className="inline break-all">{bill.user_email}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{t('patient.bill.phone')} </dt>
            <dd className="inline">{bill.user_phone}</dd>
          </div>
        </dl>
        {bill.kind === 'appointment' && (
        <div>
        <dl className="text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">{t('patient.bill.appointment')} </dt>
            <dd className="inline">
              {t('patient.appt.at', { date: formatDate(bill.date, locale), time: bill.time })}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">{t('patient.bill.sample')} </dt>
            <dd className="inline">{t(bill.home_sample ? 'patient.appt.home' : 'patient.appt.centre')}</dd>
          </div>
        </dl>
          {bill.report_expected_at ? (
            <p data-testid="report-expected" className="text-sm font-medium text-slate-900">
              {t('patient.reportExpectedBy', { time: formatDateTime(bill.report_expected_at, locale) })}
            </p>
          ) : null}
        </div>
        )}
      </section>

      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">{t('patient.bill.testsBilled')}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            <th scope="col" className="py-2 font-semibold">
              {t('patient.bill.test')}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t('patient.bill.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {/* The bill's lines (decision 052): they add up to the total, as the receipt PDF's do. */}
          {bill.lines.map((line, i) => (
            <BillLineRow key={`${line.kind}-${line.name}-${i}`} line={line} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left font-semibold">
              {t('patient.bill.total')}
            </th>
            <td className="pt-3 text-right font-semibold tabular-nums" data-testid="bill-total">
              {formatRupees(bill.total_price)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="pt-1 text-left font-semibold">
              {t('patient.bill.offer')}
            </th>
            <td className="pt-1 text-right tabular-nums" data-testid="bill-offer">
              {bill.offer_price === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{t('patient.bill.none')}</span>
                </>
              ) : (
                formatRupees(bill.offer_price)
              )}
            </td>
          </tr>
        </tfoot>
      </table>

      <p className="mt-6 text-sm">
        <span className="font-medium text-slate-700">{t('patient.pay.statusLabel')} </span>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${bill.payment_status === 'paid' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
          data-testid="bill-payment-status"
        >
          {t(paymentStatusIds[bill.payment_status])}
        </span>
      </p>
    </article>
  );
}
