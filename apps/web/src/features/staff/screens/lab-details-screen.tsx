// The lab's details (admin; the Lab details tab of Content): name, address, phones, WhatsApp, e-mail, opening hours per weekday (a
// "Closed" box per row: booking's closed days come from here), map link, UPI, accreditation, the
// grievance officer, and the pictures of the home hero and the About page. One form, saved whole;
// each save is in the audit log. Images are uploaded in their own small form beside it.
import { type Image, WEEKDAYS, type Weekday } from '@lab/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type FieldValues, type Path, useFieldArray, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useSaveLabDetails, useStaffImages, useStaffLabDetails, useUploadImage } from '../api/lab.ts';
import { fieldError } from '../components/editor-form.tsx';
import { CheckboxInput, SelectInput, TextArea, TextInput } from '../components/fields.tsx';
import { btn, ListState, Panel } from '../components/ui.tsx';
import { HINDI_HINT } from '../lib/hindi-hint.ts';
import { imageLabel } from '../lib/image-label.ts';
import { formPath, type LabDetailsForm, labDetailsFormSchema, toForm, toLabDetails } from '../lib/lab-details-form.ts';
import { serverErrors } from '../lib/server-errors.ts';

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

type Form = UseFormReturn<LabDetailsForm, unknown, ReturnType<typeof labDetailsFormSchema.parse>>;

function useField(form: Form) {
  return (name: Path<LabDetailsForm>) => ({ ...form.register(name), error: fieldError(form as unknown as UseFormReturn<FieldValues, unknown, unknown>, name) });
}

/** address lines or phone numbers: one input each, added and removed by hand (1 to 4; the Hindi address 0 to 4) */
function ListField({ form, name, label, itemLabel, hint, lang }: { form: Form; name: 'address_lines' | 'address_lines_hi' | 'phones'; label: string; itemLabel: string; hint?: string; lang?: 'hi' }) {
  const least = name === 'address_lines_hi' ? 0 : 1;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const field = useField(form);
  const whole = fieldError(form as unknown as UseFormReturn<FieldValues, unknown, unknown>, name);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {fields.map((f, i) => (
        <div key={f.id} className="flex flex-wrap items-end gap-2">
          <TextInput label={`${itemLabel} ${i + 1}`} lang={lang} className="min-w-0 flex-1" {...field(`${name}.${i}.value`)} />
          {fields.length > least && (
            <button type="button" className={btn.secondary} onClick={() => remove(i)}>
              Remove<span className="sr-only"> {`${itemLabel.toLowerCase()} ${i + 1}`}</span>
            </button>
          )}
        </div>
      ))}
      {fields.length < 4 && (
        <button type="button" className={btn.secondary} onClick={() => append({ value: '' })}>
          Add {itemLabel.toLowerCase()}
        </button>
      )}
      {whole && <p className="text-sm font-medium text-red-700">{whole}</p>}
    </fieldset>
  );
}

/** seven rows: the weekday, "Closed", and the opening and closing times (disabled while closed) */
function HoursFields({ form }: { form: Form }) {
  const field = useField(form);
  const hours = useWatch({ control: form.control, name: 'hours' });
  return (
    <div className="space-y-3">
      {WEEKDAYS.map((d) => (
        <fieldset key={d} className="grid grid-cols-2 items-end gap-2 border-b border-slate-200 pb-3 sm:grid-cols-4">
          <legend className="sr-only">{DAY_NAMES[d]}</legend>
          <p aria-hidden="true" className="col-span-2 font-semibold text-slate-800 sm:col-span-1">
            {DAY_NAMES[d]}
          </p>
          <CheckboxInput label={`${DAY_NAMES[d]} closed`} {...form.register(`hours.${d}.closed`)} />
          <span className="hidden sm:block" aria-hidden="true" />
          <TextInput type="time" label={`${DAY_NAMES[d]} opens`} disabled={hours?.[d]?.closed} {...field(`hours.${d}.opens`)} />
          <TextInput type="time" label={`${DAY_NAMES[d]} closes`} disabled={hours?.[d]?.closed} {...field(`hours.${d}.closes`)} />
        </fieldset>
      ))}
    </div>
  );
}

function AccreditationFields({ form }: { form: Form }) {
  const field = useField(form);
  const held = useWatch({ control: form.control, name: 'accreditation.held' });
  return (
    <div className="space-y-3">
      <CheckboxInput label="The lab holds an accreditation" {...form.register('accreditation.held')} />
      {held && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label="Accrediting body" hint="e.g. NABL" {...field('accreditation.body')} />
          <TextInput label="Certificate number" {...field('accreditation.certificate_number')} />
          <TextInput type="date" label="Valid until" hint="Shown on reports and pages only up to this day" {...field('accreditation.valid_until')} />
          <TextArea label="Scope" rows={3} className="sm:col-span-2" {...field('accreditation.scope')} />
        </div>
      )}
    </div>
  );
}

function ImagePickers({ form, images }: { form: Form; images: readonly Image[] | undefined }) {
  const field = useField(form);
  const options = (
    <>
      <option value="">No picture</option>
      {images?.map((i) => (
        <option key={i.id} value={String(i.id)}>
          {imageLabel(i)}
        </option>
      ))}
    </>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectInput label="Home page picture" {...field('hero_image_id')}>
        {options}
      </SelectInput>
      <SelectInput label="About page picture" {...field('about_image_id')}>
        {options}
      </SelectInput>
    </div>
  );
}

/** the fields the server may name, as the form names them */
const SHOWN = [
  'name', 'tagline', 'address_lines', 'address_lines_hi', 'phones', 'whatsapp', 'email', 'map_url', 'upi_id', 'upi_name', 'hero_image_id', 'about_image_id',
  ...[0, 1, 2, 3].flatMap((i) => [`address_lines.${i}`, `address_lines_hi.${i}`, `phones.${i}`]),
  ...WEEKDAYS.flatMap((d) => [`hours.${d}`, `hours.${d}.opens`, `hours.${d}.closes`]),
  ...['body', 'certificate_number', 'valid_until', 'scope'].map((f) => `accreditation.${f}`),
  ...['name', 'name_hi', 'email', 'phone'].map((f) => `grievance.${f}`),
];

function LabDetailsEditor({ images }: { images: readonly Image[] | undefined }) {
  const saved = useStaffLabDetails();
  const save = useSaveLabDetails();
  const form: Form = useForm({ resolver: zodResolver(labDetailsFormSchema) });
  const [done, setDone] = useState<string | null>(null);
  const field = useField(form);

  useEffect(() => {
    if (saved.data) form.reset(toForm(saved.data));
  }, [saved.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      await save.mutateAsync(toLabDetails(values));
      setDone('Lab details saved.');
    } catch (e) {
      const refused = serverErrors(e, SHOWN);
      for (const [name, message] of Object.entries(refused.fields)) form.setError(formPath(name) as Path<LabDetailsForm>, { type: 'server', message });
      if (refused.form) form.setError('root.server', { type: 'server', message: refused.form });
    }
  });

  if (!saved.data) return <ListState isLoading={saved.isLoading} error={saved.error} loadingText="Loading the lab's details..." />;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Lab details" className="space-y-2">
      <StatusMessage message={form.formState.errors.root?.server?.message} tone="error" className="mb-3" />
      <Panel title="Name and contact">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label="Lab name" {...field('name')} />
          <TextInput label="Tagline" {...field('tagline')} />
          <ListField form={form} name="address_lines" label="Address" itemLabel="Address line" hint="As printed on bills and reports, one line each." />
          <ListField form={form} name="address_lines_hi" lang="hi" label="Address in Hindi" itemLabel="Hindi address line" hint="What Hindi pages show, one line each. Optional. Left empty, Hindi readers see the English." />
          <ListField form={form} name="phones" label="Phone numbers" itemLabel="Phone" hint="International form, e.g. +91 98290 12345; the first is the main number." />
          <TextInput label="WhatsApp number" hint="+ and digits only, e.g. +919829012345; empty for none" inputMode="tel" {...field('whatsapp')} />
          <TextInput type="email" label="E-mail" {...field('email')} />
          <TextInput type="url" label="Map link" hint="https://…; empty for none" className="sm:col-span-2" {...field('map_url')} />
        </div>
      </Panel>
      <Panel title="Opening hours">
        <p className="mb-3 text-sm text-slate-700">India time. Bookings are not taken on a closed day.</p>
        <HoursFields form={form} />
      </Panel>
      <Panel title="UPI payments">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label="UPI id" hint="name@bank, e.g. labcentre@okaxis; empty for none" {...field('upi_id')} />
          <TextInput label="UPI payee name" {...field('upi_name')} />
        </div>
      </Panel>
      <Panel title="Accreditation">
        <AccreditationFields form={form} />
      </Panel>
      <Panel title="Grievance officer">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput label="Grievance officer's name" {...field('grievance.name')} />
          <TextInput label="Grievance officer's name in Hindi" lang="hi" hint={HINDI_HINT} {...field('grievance.name_hi')} />
          <TextInput type="email" label="Grievance e-mail" {...field('grievance.email')} />
          <TextInput label="Grievance phone" {...field('grievance.phone')} />
        </div>
      </Panel>
      <Panel title="Pictures">
        <ImagePickers form={form} images={images} />
      </Panel>
      <button type="submit" className={btn.primary} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save lab details'}
      </button>
      <StatusMessage message={done} tone="success" className="mt-2" />
    </form>
  );
}

/** an image upload: a file and what it shows; the server checks the bytes and makes the sizes */
function ImageUpload() {
  const upload = useUploadImage();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [outcome, setOutcome] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [altError, setAltError] = useState<string | undefined>(undefined);
  const send = () => {
    setOutcome(null);
    setFileError(undefined);
    setAltError(undefined);
    if (!file) return setFileError('Choose an image to upload.');
    upload.mutate(
      { file, alt },
      {
        onSuccess: (image) => setOutcome({ message: `Image #${image.id} uploaded (${image.width}×${image.height}). Pick it below.`, tone: 'success' }),
        onError: (e) => {
          const refused = serverErrors(e, ['file', 'alt']);
          setFileError(refused.fields.file);
          setAltError(refused.fields.alt);
          if (!refused.fields.file && !refused.fields.alt) setOutcome({ message: refused.form ?? 'Could not upload the image.', tone: 'error' });
        },
      },
    );
  };
  return (
    <Panel title="Upload an image">
      <p className="mb-3 text-sm text-slate-700">JPEG, PNG, WebP or AVIF, up to 5 MB. It is stored in several sizes for phones and large screens.</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextInput type="file" label="Image file" accept="image/jpeg,image/png,image/webp,image/avif" error={fileError} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <TextInput label="What the picture shows" hint="Read aloud to people who cannot see it" className="min-w-60 flex-1" value={alt} error={altError} onChange={(e) => setAlt(e.target.value)} />
        <button type="button" className={btn.primary} disabled={upload.isPending} onClick={send}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </button>
      </div>
      <StatusMessage message={outcome?.message} tone={outcome?.tone ?? 'success'} className="mt-2" />
    </Panel>
  );
}

export default function LabDetailsScreen() {
  const images = useStaffImages();
  return (
    <section aria-labelledby="lab-details-heading" className="space-y-4">
      <h3 id="lab-details-heading" className="text-lg font-bold text-slate-900">
        Lab details
      </h3>
      <p className="text-sm text-slate-700">What the site, e-mails, bills and reports print about the lab. Every save is in the audit log.</p>
      <ImageUpload />
      <LabDetailsEditor images={images.data} />
    </section>
  );
}
