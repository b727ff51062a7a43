// The Hindi versions of the demo content patients read (docs/i18n.md), keyed by the English they stand
// beside. Every demo test has its Hindi name as a patient says it: Hindi words, or the customary
// English term in Devanagari, an abbreviation kept in brackets where the lab slip prints it
// ("थायरॉइड प्रोफ़ाइल (T3, T4, TSH)"). Medical words from the glossary. People's names (the blog's
// authors) are written in Devanagari, with their title in Hindi ("डॉ."); brand names stay in Latin letters.
// test/seed-hindi.test.ts fails when a seeded test, package, plan, locality or post lacks its Hindi.
import { glossary as g } from '@lab/contract';

export const categoryNamesHi: Record<string, string> = {
  hematology: g.hematology.hi,
  microbiology: g.microbiology.hi,
  serology: g.serology.hi,
  biochemistry: g.biochemistry.hi,
  radiology: g.radiology.hi,
};

export const testNamesHi: Record<string, string> = {
  'Complete Blood Count (CBC)': g.completeBloodCount.hi,
  'Hemoglobin Test': `${g.haemoglobin.hi} की ${g.test.hi}`,
  'Platelet Count': 'प्लेटलेट काउंट',
  'Blood Group and Rh Typing': 'ब्लड ग्रुप (Rh सहित)',
  'Fasting Blood Sugar': g.fastingBloodSugar.hi,
  'HbA1c (Glycated Haemoglobin)': g.hba1c.hi,
  'Lipid Profile': g.lipidProfile.hi,
  'Thyroid Profile (T3, T4, TSH)': `${g.thyroidProfile.hi} (T3, T4, TSH)`,
  'Liver Function Test (LFT)': g.liverFunction.hi,
  'Kidney Function Test (KFT)': g.kidneyFunction.hi,
  'Vitamin D (25-OH)': `${g.vitaminD.hi} (25-OH)`,
  'Vitamin B12': 'विटामिन B12',
  'Urine Routine Examination': `${g.urine.hi} की सामान्य ${g.test.hi}`,
  'Stool Routine Examination': `${g.stool.hi} की सामान्य ${g.test.hi}`,
  'Malaria Parasite Antigen Test': `मलेरिया की ${g.test.hi}`,
  'Dengue NS1 Antigen': `डेंगू NS1 ${g.test.hi}`,
  'Widal Test': 'विडाल टेस्ट (टाइफ़ाइड)',
  'Chest X-ray': `छाती का ${g.xRay.hi}`,
  'Ultrasound Whole Abdomen': `पूरे पेट का ${g.ultrasound.hi}`,
  ECG: 'ईसीजी (ECG)',
  'Glucose Tolerance Test': 'ग्लूकोज़ टॉलरेंस टेस्ट (GTT)',
  'Uric Acid': 'यूरिक एसिड',
  // Spelled the other way in the catalogue: the same customary name.
  'Erythrocyte Sedimentation Rate (ESR)': 'ईएसआर (ESR)',
  'Coagulation Test (PT/INR)': 'खून जमने की जाँच (PT/INR)',
  'Iron Studies (Serum Iron, TIBC)': 'आयरन की जाँच (सीरम आयरन, TIBC)',
  'Blood Culture': 'ब्लड कल्चर',
  'Urine Culture': `${g.urine.hi} का कल्चर`,
  'Sputum AFB Stain': `बलगम की टीबी ${g.test.hi} (AFB)`,
  'HIV Antibody Test': `एचआईवी (HIV) की ${g.test.hi}`,
  'Hepatitis B Surface Antigen': `हेपेटाइटिस बी (HBsAg) की ${g.test.hi}`,
  'Hepatitis C Antibody (Anti-HCV)': `हेपेटाइटिस सी (Anti-HCV) की ${g.test.hi}`,
  'Allergy Testing': `एलर्जी की ${g.test.hi}`,
  'Rheumatoid Factor Testing': 'आरए फ़ैक्टर (गठिया की जाँच)',
  'C-Reactive Protein (CRP)': 'सीआरपी (CRP)',
  'Serum Calcium': `कैल्शियम की ${g.test.hi}`,
  'X-ray Imaging': g.xRay.hi,
  'Ultrasound Imaging': g.ultrasound.hi,
  'Brain MRI': 'दिमाग का एमआरआई (MRI)',
  'MRI Scan': 'एमआरआई स्कैन (MRI)',
  'Abdominal CT Scan': 'पेट का सीटी स्कैन (CT)',
  'CT Scan': 'सीटी स्कैन (CT)',
  'Mammography': 'मैमोग्राफ़ी (स्तन का एक्स-रे)',
  'Bone Density Scan': 'बोन डेंसिटी स्कैन (हड्डियों की मज़बूती)',
  'Coagulation Profile': 'खून जमने की पूरी जाँच (कोएगुलेशन प्रोफ़ाइल)',
  'Bone Marrow Analysis': `बोन मैरो (अस्थि मज्जा) की ${g.test.hi}`,
  'Bone Marrow Biopsy': 'बोन मैरो (अस्थि मज्जा) बायोप्सी',
  'Peripheral Smear Examination': `पेरिफ़ेरल स्मीयर (खून की स्लाइड) की ${g.test.hi}`,
  'Reticulocyte Count': 'रेटिकुलोसाइट काउंट (नई लाल कोशिकाएँ)',
  'Serum Ferritin': 'सीरम फ़ेरिटिन (शरीर में जमा आयरन)',
  'Hemoglobin Electrophoresis (HPLC)': `${g.haemoglobin.hi} इलेक्ट्रोफ़ोरेसिस (HPLC)`,
  'Culture and Sensitivity Testing': `कल्चर और सेंसिटिविटी की ${g.test.hi}`,
  'PCR Test': `पीसीआर ${g.test.hi} (PCR)`,
  'Antibiotic Susceptibility Testing': `एंटीबायोटिक सेंसिटिविटी की ${g.test.hi}`,
  'Antimicrobial Susceptibility Test': `एंटीमाइक्रोबियल सेंसिटिविटी की ${g.test.hi}`,
  'Pathogen Identification': 'संक्रमण के कीटाणु की पहचान',
  'Urine and Blood Cultures': `${g.urine.hi} और ${g.blood.hi} का कल्चर`,
  'Mycology Tests': `फ़ंगस (फफूंद) की ${g.tests.hi}`,
  'Throat Swab Culture': 'गले के स्वाब का कल्चर',
  'Hepatitis Serology Tests': `हेपेटाइटिस की ${g.tests.hi}`,
  'COVID-19 Antibody Tests': `कोविड-19 एंटीबॉडी ${g.test.hi}`,
  'Autoimmune Disorder Screening': `ऑटोइम्यून बीमारियों की ${g.test.hi}`,
  'Anti-Nuclear Antibody (ANA)': 'एंटी-न्यूक्लियर एंटीबॉडी (ANA)',
  'Hormonal Assays': `हार्मोन की ${g.tests.hi}`,
  'Vitamin and Mineral Analysis': `विटामिन और खनिज की ${g.test.hi}`,
  'Serum Electrolytes': `इलेक्ट्रोलाइट्स (सोडियम, पोटैशियम, क्लोराइड) की ${g.test.hi}`,
};

/** each membership plan's name, by its English name (seed content.ts `plans`) */
export const planNamesHi: Record<string, string> = { Silver: 'सिल्वर', Gold: 'गोल्ड', Platinum: 'प्लैटिनम' };

/** the blog's author lines, by the English: names in Devanagari, "Dr." as "डॉ." */
export const blogAuthorsHi: Record<string, string> = {
  'Dr. Anjali Mehta': 'डॉ. अंजलि मेहता',
  'Dr. Rahul Verma': 'डॉ. राहुल वर्मा',
  'Dr. Sneha Iyer': 'डॉ. स्नेहा अय्यर',
  'Lab Centre Team': 'लैब सेंटर टीम',
};

/** the served localities of Jaipur, by the English name (seed content.ts `servedPins`) */
export const localitiesHi: Record<string, string> = {
  'MI Road': 'एमआई रोड',
  'Raja Park': 'राजा पार्क',
  Jhotwara: 'झोटवाड़ा',
  'Shastri Nagar': 'शास्त्री नगर',
  'Malviya Nagar': 'मालवीय नगर',
  Mansarovar: 'मानसरोवर',
  'Vaishali Nagar': 'वैशाली नगर',
};

/** each seeded preparation's instructions (catalogue.ts `preparations`) in Hindi, by the test's English name */
export const preparationsHi: Record<string, string> = {
  'Lipid Profile': `10 से 12 घंटे ${g.fasting.hi} रहें: सिर्फ़ पानी, चाय या कॉफ़ी नहीं।`,
  'Fasting Blood Sugar': `8 से 10 घंटे ${g.fasting.hi} रहें: सिर्फ़ पानी।`,
  'Glucose Tolerance Test': `10 से 12 घंटे ${g.fasting.hi} रहें; सेंटर पर ${g.test.hi} में लगभग 2 घंटे लगते हैं।`,
  'Urine Routine Examination': `${g.firstMorningUrine.hi} ${g.sterileContainer.hi} में लाएँ।`,
};

/** by the package's English name */
export const packagesHi: Record<string, { name: string; description: string }> = {
  'Basic Health Checkup': { name: 'बेसिक हेल्थ चेकअप', description: `खून की गिनती, शुगर, लिवर और किडनी की सालाना ${g.test.hi}।` },
  'Diabetes Care Package': { name: 'डायबिटीज़ केयर पैकेज', description: 'डायबिटीज़ के साथ जी रहे लोगों के लिए तीन महीने की शुगर, किडनी और कोलेस्ट्रॉल की जाँच।' },
  'Heart Health Package': { name: 'हार्ट हेल्थ पैकेज', description: 'दिल के खतरे को समझने के लिए कोलेस्ट्रॉल, सूजन की जाँच (CRP) और ईसीजी।' },
  "Women's Wellness Package": { name: 'महिला स्वास्थ्य पैकेज', description: 'हर उम्र की महिलाओं के लिए थायरॉइड, आयरन, विटामिन और हड्डियों की जाँच।' },
};

/** by the offer's English description */
export const offersHi: Record<string, string> = {
  'Monsoon fever panel: dengue, malaria and typhoid tests at a lower price.': 'मानसून बुखार पैनल: डेंगू, मलेरिया और टाइफ़ाइड की जाँचें कम कीमत पर।',
  'Diabetes check: savings on fasting blood sugar, HbA1c and the glucose tolerance test.': `डायबिटीज़ जाँच: ${g.fastingBloodSugar.hi}, HbA1c और ग्लूकोज़ टॉलरेंस टेस्ट पर बचत।`,
  'Diwali health week: savings on hematology tests.': 'दिवाली हेल्थ वीक: खून की जाँचों पर बचत।',
  'World Heart Day: cardiac screening offer.': 'वर्ल्ड हार्ट डे: दिल की जाँच पर ऑफ़र।',
};

/** by the opening's English title */
export const careersHi: Record<string, { job_title: string; description: string }> = {
  'Lab Technician (DMLT)': { job_title: 'लैब टेक्नीशियन (DMLT)', description: 'हीमेटोलॉजी और बायोकेमिस्ट्री सेक्शन में सैंपल लेना और जाँचना। DMLT या B.Sc MLT, एक साल के अनुभव के साथ।' },
  'Phlebotomist (Home Collection)': { job_title: 'फ्लेबोटोमिस्ट (घर से सैंपल कलेक्शन)', description: 'शहर भर में मरीज़ों के घर जाकर सुरक्षित रूप से सैंपल लेना। दोपहिया वाहन और लाइसेंस ज़रूरी।' },
  'Front Desk Executive': { job_title: 'फ्रंट डेस्क एग्ज़ीक्यूटिव', description: 'मरीज़ों का स्वागत, अपॉइंटमेंट बुक करना और रिपोर्ट व बिल समझाना। हिंदी और अंग्रेज़ी ज़रूरी।' },
  'Consultant Pathologist (MD)': { job_title: 'कंसल्टेंट पैथोलॉजिस्ट (MD)', description: 'हीमेटोलॉजी और हिस्टोपैथोलॉजी केस की रिपोर्ट और साइन-आउट। MD पैथोलॉजी।' },
  Radiographer: { job_title: 'रेडियोग्राफ़र', description: 'रेडिएशन सुरक्षा नियमों का पालन करते हुए एक्स-रे और सीटी मशीन चलाना।' },
};

/** by the post's English title */
export const blogsHi: Record<string, { title: string; content: string }> = {
  'Why a Complete Blood Count Matters': {
    title: 'सीबीसी (कंप्लीट ब्लड काउंट) क्यों ज़रूरी है',
    content: `**सीबीसी (कंप्लीट ब्लड काउंट)** हमारी सबसे आम खून की जाँच है, और इसकी अच्छी वजह है।

यह मापती है:

- **लाल रक्त कोशिकाएँ** और *हीमोग्लोबिन*, जो ऑक्सीजन ले जाते हैं
- **सफ़ेद रक्त कोशिकाएँ**, जो संक्रमण से बचाती हैं
- **प्लेटलेट्स**, जो खून का थक्का बनने में मदद करते हैं

## कब करवाएँ?
डॉक्टर इसे नियमित जाँच में, हफ़्तों तक थकान रहने पर, या न उतरने वाले बुखार में लिख सकते हैं।

खाली पेट रहने की ज़रूरत नहीं। नस से थोड़ा सा सैंपल काफ़ी है, और रिपोर्ट अक्सर उसी दिन मिल जाती है।`,
  },
  'Fasting Before a Blood Test: What You Need to Know': {
    title: 'खून की जाँच से पहले खाली पेट: क्या जानना ज़रूरी है',
    content: `कुछ जाँचों के लिए खाली पेट होना ज़रूरी है। आमतौर पर **खाली पेट ब्लड शुगर** और **लिपिड प्रोफ़ाइल**।

1. जाँच से 10 से 12 घंटे पहले कुछ न खाएँ।
2. सादा पानी पी सकते हैं, इससे सैंपल लेना आसान होता है।
3. अपनी रोज़ की दवाएँ लेते रहें, जब तक डॉक्टर मना न करें।

सुबह जल्दी का समय बुक करें: हमारा सेंटर सुबह 9 बजे खुलता है, और घर से सैंपल कलेक्शन उससे भी पहले आ सकता है।`,
  },
  'Dengue Season: Tests That Help': {
    title: 'डेंगू का मौसम: कौन सी जाँचें मदद करती हैं',
    content: `मानसून में बदन दर्द के साथ बुखार **डेंगू** हो सकता है। *NS1 एंटीजन* जाँच पहले पाँच दिनों में वायरस पकड़ लेती है; उसके बाद एंटीबॉडी जाँचें मदद करती हैं।

> गिरते प्लेटलेट्स पर नज़र रखनी होती है: डॉक्टर रोज़ **प्लेटलेट काउंट** करवाने को कह सकते हैं।

खूब पानी और तरल लें, और डॉक्टर की सलाह के बिना पैरासिटामोल के अलावा कोई दर्द की दवा न लें।`,
  },
  'Understanding Your Thyroid Report': {
    title: 'अपनी थायरॉइड रिपोर्ट को समझें',
    content: `थायरॉइड प्रोफ़ाइल में **T3**, **T4** और **TSH** आते हैं। TSH दिमाग से थायरॉइड ग्रंथि को जाने वाला संकेत है:

- *ज़्यादा* TSH का मतलब अक्सर कम काम करने वाला थायरॉइड (हाइपोथायरॉइडिज़्म) होता है;
- *कम* TSH का मतलब अक्सर ज़्यादा काम करने वाला थायरॉइड।

सामान्य सीमा हर लैब में अलग होती है, इसलिए अपने मान हमेशा रिपोर्ट पर छपी सीमा के साथ पढ़ें।`,
  },
  'Home Sample Collection: How It Works': {
    title: 'घर से सैंपल कलेक्शन: यह कैसे काम करता है',
    content: `अपनी जाँचें ऑनलाइन बुक करें और **घर से सैंपल कलेक्शन** चुनें। अपना पता डालें, और हमारे प्रशिक्षित फ्लेबोटोमिस्ट आपके चुने समय पर आएँगे।

### क्या तैयार रखें
- डॉक्टर की पर्ची, अगर हो
- फ़ोटो वाला पहचान पत्र
- खाली पेट वाली जाँचों के लिए, रात के खाने के बाद कुछ न खाएँ

सैंपल तापमान नियंत्रित डिब्बों में हमारी लैब तक जाते हैं, और बुकिंग के तुरंत बाद आप अपना बिल ऑनलाइन देख सकते हैं।`,
  },
  'Vitamin D Deficiency in India': {
    title: 'भारत में विटामिन डी की कमी',
    content: `धूप के बावजूद, भारतीय शहरों में **विटामिन डी की कमी** बहुत आम है। घर के अंदर काम, ढके कपड़े और प्रदूषण, सबका हाथ है।

लक्षण साफ़ नहीं होते: थकान, हड्डियों में दर्द, मांसपेशियों की कमज़ोरी। एक आसान **विटामिन डी (25-OH)** खून की जाँच बता देती है कि आप कहाँ हैं।

सप्लीमेंट अच्छा काम करते हैं, पर उन्हें उतनी ही मात्रा में लें जितनी डॉक्टर बताएँ।`,
  },
};
