// Every public route renders its spec texts and passes an axe check. Pages are checked with reduced
// motion, so no animation is caught half-way (a fading element would fool the contrast rule).
import { settledAxe } from './support/axe.ts';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await settledAxe(page);
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('home page: logo, tagline, Pathology card, teaser, services grid, statistics, why us, contact summary', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lab Centre Diagnostics' })).toBeVisible();
  await expect(page.getByText('Faster | Stronger | Higher', { exact: true })).toBeVisible();
  const pathology = page.getByRole('region', { name: 'Pathology' });
  await expect(pathology.getByText('Appointment', { exact: true })).toBeVisible();
  await expect(pathology.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/Appointment');
  await expect(pathology.getByText(/accurate and timely diagnostic services/)).toBeVisible();
  for (const label of ['Full Name', 'Email Address', 'Phone Number']) {
    await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  }
  const grid = page.getByRole('region', { name: 'Our Services' });
  const expected: [string, string][] = [
    ['Hematology', '/Hematology'],
    ['Microbiology', '/Microbiology'],
    ['Serology', '/Serology'],
    ['Biochemistry', '/Biochemistry'],
    ['Radiology', '/Radiology'],
    ['All Services', '/Services'],
  ];
  for (const [name, href] of expected) {
    await expect(grid.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  const why = page.getByRole('region', { name: 'Why Choose Us' });
  for (const tile of ['Advanced Equipment', 'Comprehensive Tests', 'Precise Analysis', 'Expert Team']) {
    await expect(why.getByRole('heading', { name: tile })).toBeVisible();
  }
  await expect(why.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/About');
  const contact = page.getByRole('region', { name: 'Visit or Call Us' });
  await expect(contact.getByText('Mon-Sat 9am to 9pm')).toBeVisible();
  await expect(contact.getByText('Office Address')).toBeVisible();
  await expect(contact.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/Contact');
  await expect(page.getByTestId('stat-card')).toBeVisible();
  // Logged out: no greeting.
  await expect(page.getByText(/^Welcome, /)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('/diagnostic is the home page', async ({ page }) => {
  await page.goto('/diagnostic');
  await expect(page.getByText('Faster | Stronger | Higher', { exact: true })).toBeVisible();
});

// What the page shows, without its scripts (the page's messages travel in its data, shown or not).
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

test('the server-rendered HTML already holds the content', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toContain('Faster | Stronger | Higher');
  expect(shown(home)).toContain('Loading dashboard...');
  // code is split per route: no booking or dashboard code on a public page, and the markdown
  // renderer is fetched only once a blog page runs
  expect(home).not.toMatch(/appointment-page|dashboard-page|\/assets\/markdown-[\w-]+\.js/);
  const content = async (api: string) => (await (await request.get(api)).json()) as Array<Record<string, unknown>>;
  const blogs = await (await request.get('/Blogs')).text();
  for (const b of await content('/api/blogs/')) expect(blogs).toContain(String(b.title));
  expect(shown(blogs)).not.toContain('Loading blogs...');
  expect(blogs).not.toMatch(/\/assets\/markdown-[\w-]+\.js/);
  const offers = await (await request.get('/offers')).text();
  for (const o of await content('/api/offers/')) expect(offers).toContain(String(o.description));
  const careers = await (await request.get('/Career')).text();
  for (const c of await content('/api/careers/')) expect(careers).toContain(String(c.job_title));
  expect(await (await request.get('/Serology')).text()).toContain(
    'Unlocking the secrets of your immunity with cutting-edge serological testing.',
  );
});

test('/About: hero, Why Us tiles, Story, Mission and Approach', async ({ page }) => {
  await page.goto('/About');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const whyUs = page.getByRole('region', { name: 'Why Us' });
  for (const tile of ['Latest Machinery', 'Reasonable Rates', 'Time Efficiency', 'Expertise in Industry']) {
    await expect(whyUs.getByRole('heading', { name: tile })).toBeVisible();
  }
  for (const block of ['Our Story', 'Our Mission', 'Our Approach']) {
    await expect(page.getByRole('heading', { level: 2, name: block })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('/Contact: Get a Quote panel and the contact form', async ({ page }) => {
  await page.goto('/Contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const quote = page.getByRole('region', { name: 'Get a Quote' });
  await expect(quote.getByText('Jaipur', { exact: false })).toBeVisible();
  await expect(quote.getByRole('link', { name: '+91 98290 12345' })).toBeVisible();
  await expect(quote.getByRole('link', { name: 'info@labcentrediagnostics.in' })).toBeVisible();
  for (const label of ['Name', 'Email', 'Phone', 'Message']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('/Services: hero, five cards with three tests each', async ({ page }) => {
  await page.goto('/Services');
  await expect(page.getByRole('heading', { level: 1, name: 'Lab Centre Diagnostics Services' })).toBeVisible();
  await expect(page.getByText('Explore our comprehensive range of diagnostic services to guide you toward better health.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/Appointment');
  await expect(page.getByRole('heading', { level: 2, name: 'Our Specialized Services' })).toBeVisible();
  const tests: Record<string, string[]> = {
    Hematology: ['Complete Blood Count (CBC)', 'Coagulation Profile', 'Bone Marrow Biopsy'],
    Microbiology: ['Blood Culture', 'Antimicrobial Susceptibility Test', 'PCR Test'],
    Serology: ['HIV Antibody Test', 'Hepatitis B Surface Antigen', 'Malaria Parasite Antigen Test'],
    Biochemistry: ['Liver Function Test (LFT)', 'Kidney Function Test (KFT)', 'Lipid Profile'],
    Radiology: ['X-ray Imaging', 'CT Scan', 'MRI Scan'],
  };
  for (const [service, names] of Object.entries(tests)) {
    const card = page.getByRole('article', { name: service });
    await expect(card.getByRole('img')).toHaveCount(0); // the image is decorative (alt="")
    await expect(card.locator('img')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Tests We Offer' })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText(names);
    await expect(card.getByRole('button', { name: 'Learn More' })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

const servicePages = [
  {
    paths: ['/Hematology'],
    title: 'Hematology',
    whatIs: 'What is Hematology?',
    expertise: ['Blood Disorder Diagnosis', 'Coagulation Studies', 'Bone Marrow Evaluation'],
    tests: [
      'Complete Blood Count (CBC)',
      'Platelet Count',
      'Hemoglobin Test',
      'Coagulation Test (PT/INR)',
      'Erythrocyte Sedimentation Rate (ESR)',
      'Bone Marrow Analysis',
    ],
  },
  {
    paths: ['/MicroBiology', '/Microbiology'],
    title: 'Microbiology',
    whatIs: 'What is Microbiology?',
    expertise: ['Diagnostic Microbiology', 'Infection Control'],
    tests: [
      'Culture and Sensitivity Testing',
      'PCR Tests',
      'Antibiotic Susceptibility Testing',
      'Pathogen Identification',
      'Urine and Blood Cultures',
      'Mycology Tests',
    ],
  },
  {
    paths: ['/Serology'],
    title: 'Serology',
    tagline: 'Unlocking the secrets of your immunity with cutting-edge serological testing.',
    whatIs: 'What is Serology?',
    expertise: ['Immune Profiling', 'Infectious Disease Testing', 'Autoimmune Screening'],
    tests: [
      'HIV Antibody Testing',
      'Hepatitis Serology Tests',
      'COVID-19 Antibody Tests',
      'Allergy Testing',
      'Rheumatoid Factor Testing',
      'Autoimmune Disorder Screening',
    ],
  },
  {
    paths: ['/BioChemistry', '/Biochemistry'],
    title: 'Biochemistry',
    tagline: 'Dive into the molecular world of life with advanced biochemistry testing.',
    whatIs: 'What is Biochemistry?',
    expertise: ['Enzyme Analysis', 'Metabolic Profiling', 'Protein Characterization'],
    tests: [
      'Liver Function Tests (LFT)',
      'Kidney Function Tests (KFT)',
      'Lipid Profile',
      'Glucose Tolerance Test',
      'Hormonal Assays',
      'Vitamin and Mineral Analysis',
    ],
  },
  {
    paths: ['/Radiology'],
    title: 'Radiology',
    tagline: 'Advanced imaging solutions for accurate diagnosis and treatment.',
    whatIs: 'What is Radiology?',
    expertise: ['X-ray Imaging', 'MRI Scans', 'CT Scans'],
    tests: ['Chest X-ray', 'Brain MRI', 'Abdominal CT Scan', 'Mammography', 'Bone Density Scan', 'Ultrasound Imaging'],
  },
];

for (const s of servicePages) {
  for (const path of s.paths) {
    test(`${path}: hero, What is, expertise and Tests We Offer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
      if (s.tagline) await expect(page.getByText(s.tagline, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/Appointment');
      await expect(page.getByRole('heading', { level: 2, name: s.whatIs })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Learn More' })).toHaveAttribute('aria-expanded', 'false');
      for (const e of s.expertise) await expect(page.getByRole('heading', { level: 3, name: e, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Tests We Offer' })).toBeVisible();
      for (const t of s.tests) await expect(page.getByRole('heading', { level: 3, name: t, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
}

test('/Blogs: cards with title, author, preview and date', async ({ page }) => {
  await page.goto('/Blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await expect(page.getByPlaceholder('Search blogs...')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText('Loading blogs...')).toHaveCount(0);
  await expect(cards.first().getByText(/^By /)).toBeVisible();
  await expect(cards.first().locator('time')).toHaveText(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
  await expectNoAxeViolations(page);
});

test('/blog/:id: title, author, full markdown and date', async ({ page, request }) => {
  const blogs = (await (await request.get('/api/blogs/')).json()) as { id: number; title: string; author: string; content: string }[];
  const blog = blogs.find((b) => b.content.includes('**'));
  expect(blog).toBeTruthy();
  await page.goto(`/blog/${blog!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: blog!.title })).toBeVisible();
  await expect(page.getByText(blog!.author)).toBeVisible();
  // markdown is rendered, not shown as source
  await expect(page.locator('article .markdown strong').first()).toBeVisible();
  await expect(page.locator('article .markdown')).not.toContainText('**');
  await expect(page.locator('article time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expectNoAxeViolations(page);
});

test('/offers: heading, cards with discount, dates and Active/Expired badges', async ({ page }) => {
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Active Offers' })).toBeVisible();
  await expect(page.getByText(/limited-time offers/i)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d+)?% off$/).first()).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Expired', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Valid from').first()).toBeVisible();
  await expect(page.getByText('Valid till').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('/Career: headings, cards with Open/Closed and Apply Now in a new tab', async ({ page }) => {
  await page.goto('/Career');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Open Career Opportunities' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Posted on \d{1,2} [A-Z][a-z]{2} \d{4}$/).first()).toBeVisible();
  const apply = page.getByRole('link', { name: /^Apply Now/ }).first();
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(apply).toHaveAttribute('href', /^(mailto:|https?:)/);
  await expectNoAxeViolations(page);
});

test('an unknown path gets the 404 page', async ({ page, consoleErrors }) => {
  // the browser logs the page's own 404, which is what this test asks for
  consoleErrors.allow(/status of 404 .*\/no-such-page\)$/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
});

test('a blog id that does not exist shows a not-found state', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/blog\/987654\)$/);
  const response = await page.goto('/blog/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to all blogs' })).toHaveAttribute('href', '/Blogs');
  await expectNoAxeViolations(page);
});
