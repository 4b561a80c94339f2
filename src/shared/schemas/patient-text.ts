/**
 * The schema of patient text (src/shared/text/patient-text.ts, docs/decisions/058): the route refuses a
 * payload whose text holds a refused character with INVALID_ARGUMENT `error.patientText`, before any
 * write; what passes is the NFKC form, its length limit counted on that form.
 */
import { z } from 'zod';
import type { PatientKey as LabelKey } from '../labels/patient-ja.js';
import { hasRefusedCharacter, normalisePatientText } from '../text/patient-text.js';

/** The catalogue key a payload refused for its text is answered with. */
export const PATIENT_TEXT_REFUSAL = 'error.patientText' satisfies LabelKey;

/** Patient text of at most `max` characters (UTF-16 units, as every other limit) once normalised. */
export const patientText = (max: number) =>
  z
    .string()
    // A bound before normalising (NFKC may lengthen a text; what is counted is after).
    .max(max * 4)
    .superRefine((value, ctx) => {
      if (hasRefusedCharacter(value)) ctx.addIssue({ code: 'custom', message: 'refused character', params: { label: PATIENT_TEXT_REFUSAL } });
    })
    .transform(normalisePatientText)
    .pipe(z.string().max(max));

/** The catalogue key of a refusal the payload's schema named (patient text), else undefined. */
export function refusalLabel(error: z.ZodError): LabelKey | undefined {
  for (const issue of error.issues) if (issue.code === 'custom' && issue.params?.label === PATIENT_TEXT_REFUSAL) return PATIENT_TEXT_REFUSAL;
  return undefined;
}
