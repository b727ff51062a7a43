// The static text of the five service pages (spec §2 "Service pages"). Titles, taglines, expertise
// names and test names are the spec's; the paragraphs are the centre's own.
import { paths } from '@lab/contract';

export type ServiceKey = 'hematology' | 'microbiology' | 'serology' | 'biochemistry' | 'radiology';

export interface Expertise {
  title: string;
  text: string;
}

export interface OfferedTest {
  name: string;
  text: string;
}

export interface ServicePageContent {
  key: ServiceKey;
  name: string;
  /** <title> of the document */
  metaTitle: string;
  metaDescription: string;
  path: string;
  tagline: string;
  whatIs: { heading: string; paragraphs: string[] };
  deeper: { heading: string; paragraphs: string[] };
  expertiseHeading: string;
  expertiseIntro: string;
  /** Radiology shows its expertise as rows with a badge; the others as cards */
  expertiseLayout: 'cards' | 'rows';
  expertise: Expertise[];
  tests: OfferedTest[];
}

export const hematology: ServicePageContent = {
  key: 'hematology',
  name: 'Hematology',
  metaTitle: 'Hematology | Lab Centre Diagnostics',
  metaDescription: 'Blood tests at Lab Centre Diagnostics: CBC, platelet count, hemoglobin, PT/INR, ESR and bone marrow analysis.',
  path: paths.hematology,
  tagline: 'Precise blood analysis that reveals the story your blood tells about your health.',
  whatIs: {
    heading: 'What is Hematology?',
    paragraphs: [
      'Hematology is the study of blood and the organs that make it. A blood test counts and examines red cells, white cells and platelets, measures hemoglobin and checks how well your blood clots.',
      'These results help doctors find anaemia, infections, bleeding and clotting problems and blood cancers, and follow how a treatment is working.',
    ],
  },
  deeper: {
    heading: 'Deeper Insights into Hematology',
    paragraphs: [
      'Every sample is run on automated five-part differential analysers that count tens of thousands of cells in under a minute. When a count falls outside the expected pattern, a trained hematologist examines a stained smear under the microscope before the report is released.',
      'Coagulation tests such as PT/INR are run on dedicated analysers with daily quality controls, because people on blood thinners adjust their dose by these numbers.',
      'For complex cases our pathologists review bone marrow aspirates and biopsies and discuss the findings with the treating doctor.',
    ],
  },
  expertiseHeading: 'Our Hematology Expertise',
  expertiseIntro: 'Specialists and analysers dedicated to blood, from routine counts to complex disorders.',
  expertiseLayout: 'cards',
  expertise: [
    {
      title: 'Blood Disorder Diagnosis',
      text: 'Anaemias, infections and blood cancers identified from counts, indices and expert smear review.',
    },
    { title: 'Coagulation Studies', text: 'PT/INR, APTT and related tests that guide the safe use of blood thinners and surgery.' },
    {
      title: 'Bone Marrow Evaluation',
      text: 'Aspirate and biopsy reporting by experienced pathologists for a complete picture of blood formation.',
    },
  ],
  tests: [
    { name: 'Complete Blood Count (CBC)', text: 'Red cells, white cells, platelets and hemoglobin in one test.' },
    { name: 'Platelet Count', text: 'Tracks bleeding risk and recovery, for example in dengue fever.' },
    { name: 'Hemoglobin Test', text: 'Screens for anaemia and monitors its treatment.' },
    { name: 'Coagulation Test (PT/INR)', text: 'Measures clotting time and guides blood-thinner doses.' },
    { name: 'Erythrocyte Sedimentation Rate (ESR)', text: 'A simple marker of inflammation in the body.' },
    { name: 'Bone Marrow Analysis', text: 'Examines where blood cells are made, for complex disorders.' },
  ],
};

export const microbiology: ServicePageContent = {
  key: 'microbiology',
  name: 'Microbiology',
  metaTitle: 'Microbiology | Lab Centre Diagnostics',
  metaDescription:
    'Microbiology at Lab Centre Diagnostics: cultures, PCR tests, antibiotic susceptibility, pathogen identification and mycology.',
  path: paths.microbiology,
  tagline: 'Identifying the invisible causes of infection so the right treatment starts sooner.',
  whatIs: {
    heading: 'What is Microbiology?',
    paragraphs: [
      'Microbiology is the study of bacteria, viruses, fungi and parasites. In the laboratory it tells your doctor which germ is causing an infection and which medicine will work against it.',
      'Samples such as blood, urine, sputum or swabs are cultured, examined and tested so that treatment is targeted rather than guessed.',
    ],
  },
  deeper: {
    heading: 'Deeper Insights into Microbiology',
    paragraphs: [
      'Automated blood culture systems watch samples around the clock and flag growth within hours, so that critically ill patients get the right antibiotic as early as possible.',
      'Real-time PCR finds the genetic material of viruses and bacteria in a few hours, even when only a few organisms are present.',
      'Every susceptibility result follows current international guidelines, which helps doctors use antibiotics wisely and slows the spread of resistance.',
    ],
  },
  expertiseHeading: 'Our Microbiology Expertise',
  expertiseIntro: 'From the culture plate to the molecular lab, every step is handled by trained microbiologists.',
  expertiseLayout: 'cards',
  expertise: [
    {
      title: 'Diagnostic Microbiology',
      text: 'Culture, microscopy and identification of bacteria, fungi and parasites from every kind of sample.',
    },
    {
      title: 'Infection Control',
      text: 'Surveillance cultures and reports that help hospitals and clinics stop infections from spreading.',
    },
    { title: 'Molecular Diagnostics', text: 'PCR panels that detect viral and bacterial infections quickly and with high accuracy.' },
  ],
  tests: [
    { name: 'Culture and Sensitivity Testing', text: 'Grows the organism and finds the antibiotics that work.' },
    { name: 'PCR Tests', text: 'Detects the genetic material of viruses and bacteria.' },
    { name: 'Antibiotic Susceptibility Testing', text: 'Measures how an organism responds to each antibiotic.' },
    { name: 'Pathogen Identification', text: 'Names the exact organism behind an infection.' },
    { name: 'Urine and Blood Cultures', text: 'Find urinary tract and bloodstream infections.' },
    { name: 'Mycology Tests', text: 'Identify fungal infections of skin, nails and deeper organs.' },
  ],
};

export const serology: ServicePageContent = {
  key: 'serology',
  name: 'Serology',
  metaTitle: 'Serology | Lab Centre Diagnostics',
  metaDescription:
    'Serology at Lab Centre Diagnostics: HIV, hepatitis, COVID-19 antibodies, allergy, rheumatoid factor and autoimmune screening.',
  path: paths.serology,
  tagline: 'Unlocking the secrets of your immunity with cutting-edge serological testing.',
  whatIs: {
    heading: 'What is Serology?',
    paragraphs: [
      'Serology is the study of serum, the clear part of blood, and of the antibodies and antigens it carries. These markers show whether your body has met an infection, is fighting one now or is attacking itself.',
      'A single blood sample can answer questions about infections, vaccinations, allergies and autoimmune disease.',
    ],
  },
  deeper: {
    heading: 'Deeper Insights into Serology',
    paragraphs: [
      'Antibodies are proteins made by the immune system to recognise a specific invader. Measuring them tells us about past and present exposure: IgM antibodies usually point to a recent infection, while IgG antibodies show an older infection or immunity after vaccination.',
      'Antigen tests look for parts of the germ itself, such as the hepatitis B surface antigen, and can show an infection before the body has produced antibodies.',
      'In autoimmune diseases the immune system makes antibodies against the body’s own tissues. Tests such as rheumatoid factor and antinuclear antibodies help doctors recognise conditions like rheumatoid arthritis and lupus early.',
      'Our serology laboratory uses chemiluminescence and ELISA platforms with internal and external quality controls, and every reactive result for infections such as HIV is confirmed before it is reported.',
    ],
  },
  expertiseHeading: 'Our Serology Expertise',
  expertiseIntro: 'Immune testing that is sensitive, specific and confirmed before it reaches you.',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'Immune Profiling', text: 'Antibody levels that show immunity after infection or vaccination.' },
    { title: 'Infectious Disease Testing', text: 'Screening and confirmation for HIV, hepatitis, dengue, typhoid and more.' },
    { title: 'Autoimmune Screening', text: 'Markers that help diagnose arthritis, lupus and other autoimmune conditions.' },
  ],
  tests: [
    { name: 'HIV Antibody Testing', text: 'Confidential screening with confirmation of every reactive result.' },
    { name: 'Hepatitis Serology Tests', text: 'Markers of hepatitis A, B and C infection and immunity.' },
    { name: 'COVID-19 Antibody Tests', text: 'Shows antibodies after infection or vaccination.' },
    { name: 'Allergy Testing', text: 'Specific IgE against common food and environmental allergens.' },
    { name: 'Rheumatoid Factor Testing', text: 'Supports the diagnosis of rheumatoid arthritis.' },
    { name: 'Autoimmune Disorder Screening', text: 'Antinuclear antibodies and related markers.' },
  ],
};

export const biochemistry: ServicePageContent = {
  key: 'biochemistry',
  name: 'Biochemistry',
  metaTitle: 'Biochemistry | Lab Centre Diagnostics',
  metaDescription:
    'Biochemistry at Lab Centre Diagnostics: liver and kidney function, lipid profile, glucose tolerance, hormones, vitamins and minerals.',
  path: paths.biochemistry,
  tagline: 'Dive into the molecular world of life with advanced biochemistry testing.',
  whatIs: {
    heading: 'What is Biochemistry?',
    paragraphs: [
      'Clinical biochemistry measures the chemicals in your blood and urine: sugars, fats, proteins, enzymes, hormones, vitamins and minerals. Together they show how well your organs are working.',
      'These are the tests behind routine health check-ups and the long-term care of diabetes, heart, liver, kidney and thyroid conditions.',
    ],
  },
  deeper: {
    heading: 'The Role of Biochemistry in Medicine',
    paragraphs: [
      'Biochemistry tests often find disease before symptoms appear: a raised HbA1c can show diabetes years before complications, and a lipid profile shows the risk of heart disease.',
      'Enzymes released by damaged cells point to the organ in trouble, such as liver enzymes in hepatitis or creatinine in kidney disease, and repeated tests show whether treatment is working.',
      'Our fully automated analysers are calibrated every day and take part in external quality programmes, so results are comparable from one visit to the next.',
    ],
  },
  expertiseHeading: 'Our Biochemistry Expertise',
  expertiseIntro: 'Precise chemistry on automated platforms, reviewed by qualified biochemists.',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'Enzyme Analysis', text: 'Liver, heart and pancreatic enzymes that reveal which organ needs attention.' },
    { title: 'Metabolic Profiling', text: 'Glucose, lipids and electrolytes that map your metabolic health.' },
    { title: 'Protein Characterization', text: 'Total protein, albumin and protein fractions for liver, kidney and immune disorders.' },
  ],
  tests: [
    { name: 'Liver Function Tests (LFT)', text: 'Enzymes, bilirubin and proteins made by the liver.' },
    { name: 'Kidney Function Tests (KFT)', text: 'Urea, creatinine and electrolytes.' },
    { name: 'Lipid Profile', text: 'Cholesterol and triglycerides for heart health.' },
    { name: 'Glucose Tolerance Test', text: 'How your body handles sugar, for diabetes and pregnancy.' },
    { name: 'Hormonal Assays', text: 'Thyroid, reproductive and stress hormones.' },
    { name: 'Vitamin and Mineral Analysis', text: 'Vitamin D, B12, iron, calcium and more.' },
  ],
};

export const radiology: ServicePageContent = {
  key: 'radiology',
  name: 'Radiology',
  metaTitle: 'Radiology | Lab Centre Diagnostics',
  metaDescription: 'Radiology at Lab Centre Diagnostics: X-ray, MRI, CT scans, mammography, bone density and ultrasound imaging.',
  path: paths.radiology,
  tagline: 'Advanced imaging solutions for accurate diagnosis and treatment.',
  whatIs: {
    heading: 'What is Radiology?',
    paragraphs: [
      'Radiology uses images of the inside of the body to find and follow disease. X-rays, ultrasound, CT and MRI each show different tissues, so the right scan depends on the question your doctor is asking.',
      'Most scans are quick and painless, and our radiologists report them the same day.',
    ],
  },
  deeper: {
    heading: 'The Role of Radiology in Medicine',
    paragraphs: [
      'Imaging shows fractures, infections, tumours and blocked vessels without surgery, and guides procedures such as biopsies with precision.',
      'Digital X-ray and low-dose CT protocols keep radiation as low as possible, while MRI and ultrasound use no ionising radiation at all.',
      'Every study is read by a qualified radiologist, and images and reports are shared digitally with your doctor.',
    ],
  },
  expertiseHeading: 'Our Radiology Expertise',
  expertiseIntro: 'Modern imaging equipment operated by certified technologists and reported by radiologists.',
  expertiseLayout: 'rows',
  expertise: [
    { title: 'X-ray Imaging', text: 'Digital radiography for bones, chest and abdomen with minimal radiation and instant images.' },
    { title: 'MRI Scans', text: 'Detailed pictures of the brain, spine, joints and soft tissues, without radiation.' },
    { title: 'CT Scans', text: 'Fast cross-sectional imaging for injuries, infections and cancer staging.' },
  ],
  tests: [
    { name: 'Chest X-ray', text: 'Checks the lungs, heart and ribs.' },
    { name: 'Brain MRI', text: 'Detailed imaging of the brain and nerves.' },
    { name: 'Abdominal CT Scan', text: 'Cross-sectional images of the abdominal organs.' },
    { name: 'Mammography', text: 'Low-dose breast imaging for screening and diagnosis.' },
    { name: 'Bone Density Scan', text: 'Measures bone strength to detect osteoporosis.' },
    { name: 'Ultrasound Imaging', text: 'Real-time images of organs and pregnancy, without radiation.' },
  ],
};
