/** The languages of the patient screens and notices (docs/decisions/023); the first is the default. */
export const PATIENT_LANGS = ['ja', 'en'] as const;
export type PatientLang = (typeof PATIENT_LANGS)[number];
