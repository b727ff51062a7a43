// Demo content: membership plans, packages, blogs, offers and careers, dated relative to today so the
// demo always shows both active and expired offers.
import { DEFAULT_LAB_DETAILS } from './lab-details.ts';

export const plans = [
  { name: 'Silver', rupees: 499, discount_percentage: 10, duration_days: 180 },
  { name: 'Gold', rupees: 999, discount_percentage: 15, duration_days: 365 },
  { name: 'Platinum', rupees: 1999, discount_percentage: 25, duration_days: 365 },
];

/** package tests are named; the price is what the package costs */
export const packages = [
  {
    name: 'Basic Health Checkup',
    description: 'A yearly check of blood counts, sugar, liver and kidney function.',
    rupees: 1499,
    tests: ['Complete Blood Count (CBC)', 'Fasting Blood Sugar', 'Liver Function Test (LFT)', 'Kidney Function Test (KFT)'],
  },
  {
    name: 'Diabetes Care Package',
    description: 'Sugar control over three months, kidney function and lipids for people living with diabetes.',
    rupees: 1299,
    tests: ['Fasting Blood Sugar', 'HbA1c (Glycated Haemoglobin)', 'Kidney Function Test (KFT)', 'Lipid Profile'],
  },
  {
    name: 'Heart Health Package',
    description: 'Lipids, inflammation marker and an ECG to understand your heart risk.',
    rupees: 1799,
    tests: ['Lipid Profile', 'C-Reactive Protein (CRP)', 'ECG', 'Complete Blood Count (CBC)'],
  },
  {
    name: "Women's Wellness Package",
    description: 'Thyroid, iron, vitamins and bone health for women of every age.',
    rupees: 3999,
    tests: ['Thyroid Profile (T3, T4, TSH)', 'Serum Ferritin', 'Vitamin D (25-OH)', 'Vitamin B12', 'Bone Density Scan'],
  },
];

/**
 * Days relative to today. An offer that lists tests applies to those tests only; one without applies to
 * its category (or every test): each says no more than the price rules do (catalog/pricing.ts).
 */
export const offers = [
  {
    description: 'Monsoon fever panel: dengue, malaria and typhoid tests at a lower price.',
    discount_percentage: 20,
    from: -10,
    till: 45,
    active: 1 as const,
    category: null,
    tests: ['Dengue NS1 Antigen', 'Malaria Parasite Antigen Test', 'Widal Test'],
  },
  {
    description: 'Diabetes check: savings on fasting blood sugar, HbA1c and the glucose tolerance test.',
    discount_percentage: 10,
    from: -30,
    till: 60,
    active: 1 as const,
    category: null,
    tests: ['Fasting Blood Sugar', 'HbA1c (Glycated Haemoglobin)', 'Glucose Tolerance Test'],
  },
  { description: 'Diwali health week: savings on hematology tests.', discount_percentage: 15, from: -60, till: -30, active: 0 as const, category: 'hematology', tests: [] },
  { description: 'World Heart Day: cardiac screening offer.', discount_percentage: 25, from: -90, till: -50, active: 0 as const, category: null, tests: [] },
];

/** applications go to the lab's own address (its details), never a made-up one (decision 051) */
const careersLink = (subject: string) => `mailto:${DEFAULT_LAB_DETAILS.email}?subject=${subject}`;

export const careers = [
  { job_title: 'Lab Technician (DMLT)', description: 'Collect and process samples in our hematology and biochemistry sections. DMLT or B.Sc MLT with one year of experience.', daysAgo: 5, is_open: 1 as const, application_link: careersLink('Lab%20Technician') },
  { job_title: 'Phlebotomist (Home Collection)', description: 'Visit patients at home across the city to collect samples safely. Two-wheeler and licence required.', daysAgo: 12, is_open: 1 as const, application_link: careersLink('Phlebotomist') },
  { job_title: 'Front Desk Executive', description: 'Welcome patients, book appointments and explain reports and bills. Hindi and English required.', daysAgo: 20, is_open: 1 as const, application_link: careersLink('Front%20Desk') },
  { job_title: 'Consultant Pathologist (MD)', description: 'Report and sign out hematology and histopathology cases. MD Pathology.', daysAgo: 75, is_open: 0 as const, application_link: careersLink('Pathologist') },
  { job_title: 'Radiographer', description: 'Operate X-ray and CT equipment following radiation safety rules.', daysAgo: 120, is_open: 0 as const, application_link: careersLink('Radiographer') },
];

export const blogs = [
  {
    title: 'Why a Complete Blood Count Matters',
    author: 'Dr. Anjali Mehta',
    daysAgo: 3,
    content: `A **Complete Blood Count (CBC)** is the most common blood test we run, and for good reason.

It measures:

- **Red blood cells** and *haemoglobin*, which carry oxygen
- **White blood cells**, your defence against infection
- **Platelets**, which help your blood clot

## When should you get one?
Your doctor may ask for a CBC during a routine check-up, when you feel tired for weeks, or when you have a fever that will not go away.

No fasting is needed. A small sample from a vein is enough, and the report is usually ready the same day.`,
  },
  {
    title: 'Fasting Before a Blood Test: What You Need to Know',
    author: 'Dr. Rahul Verma',
    daysAgo: 9,
    content: `Some tests need an empty stomach. **Fasting blood sugar** and the **lipid profile** are the usual ones.

1. Eat nothing for 10 to 12 hours before the test.
2. Plain water is fine, and it helps the sample collection.
3. Take your regular medicines unless your doctor says otherwise.

Book an early morning slot: our centre opens at 9am, and home collection can come to you even earlier in the day.`,
  },
  {
    title: 'Dengue Season: Tests That Help',
    author: 'Dr. Sneha Iyer',
    daysAgo: 16,
    content: `During the monsoon, fever with body ache can be **dengue**. The *NS1 antigen* test finds the virus in the first five days; after that, antibody tests help.

> A falling platelet count needs close watching: your doctor may ask for a **platelet count** every day.

Drink plenty of fluids and avoid painkillers other than paracetamol unless prescribed.`,
  },
  {
    title: 'Understanding Your Thyroid Report',
    author: 'Dr. Anjali Mehta',
    daysAgo: 24,
    content: `A thyroid profile reports **T3**, **T4** and **TSH**. TSH is the signal from the brain to the thyroid gland:

- a *high* TSH often means an underactive thyroid (hypothyroidism);
- a *low* TSH often means an overactive one.

Reference ranges differ between laboratories, so always read the values beside the range printed on your report.`,
  },
  {
    title: 'Home Sample Collection: How It Works',
    author: 'Lab Centre Team',
    daysAgo: 35,
    content: `Book your tests online and switch on **home sample collection**. Enter your address, and our trained phlebotomist will visit at your chosen time.

### What to keep ready
- The doctor's prescription, if any
- A photo ID
- For fasting tests, no food after dinner

Samples travel to our lab in temperature-controlled boxes, and you can see your bill online right after booking.`,
  },
  {
    title: 'Vitamin D Deficiency in India',
    author: 'Dr. Rahul Verma',
    daysAgo: 48,
    content: `Despite the sunshine, **vitamin D deficiency** is very common in Indian cities. Indoor work, covered clothing and pollution all play a part.

Symptoms are vague: tiredness, bone pain, muscle weakness. A simple **Vitamin D (25-OH)** blood test tells you where you stand.

Supplements work well, but take them only at the dose your doctor advises.`,
  },
];

/** the demo lab's home collection areas (Jaipur), which staff keep in the console */
export const servedPins = [
  { pin: '302001', locality: 'MI Road' },
  { pin: '302004', locality: 'Raja Park' },
  { pin: '302012', locality: 'Jhotwara' },
  { pin: '302016', locality: 'Shastri Nagar' },
  { pin: '302017', locality: 'Malviya Nagar' },
  { pin: '302020', locality: 'Mansarovar' },
  { pin: '302021', locality: 'Vaishali Nagar' },
];
