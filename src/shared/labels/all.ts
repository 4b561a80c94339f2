/**
 * Every label, the patients' and the staff's: what the server and the staff screens read. Patient screens
 * import ja.ts alone, so the staff catalogue never weighs on a phone's first load (bench/page-weight.ts).
 * Staff labels have one language; patient labels follow the active catalogue (ja.ts), which only a patient
 * screen ever changes.
 */
import { fill, ja, t as patientLabel, type LabelKey as PatientLabelKey } from './ja.js';
import { jaStaff as jaStaffMain } from './ja-staff.js';
import { jaStaffArrival } from './ja-staff-arrival.js';
import { jaStaffFamily } from './ja-staff-family.js';
import { jaStaffKept } from './ja-staff-kept.js';
import { jaStaffLate } from './ja-staff-late.js';
import { jaStaffLeave } from './ja-staff-leave.js';
import { jaStaffService } from './ja-staff-service.js';
import { jaStaffWebhook } from './ja-staff-webhook.js';

export { ja, fill };

/**
 * The staff catalogue: ja-staff.ts and one file per later capability — absence and check-in
 * (ja-staff-arrival.ts), numbers kept for the desk (ja-staff-kept.ts), online closing on time (ja-staff-late.ts),
 * the LINE webhook's refusal (ja-staff-webhook.ts), families (ja-staff-family.ts), the notice by minutes (ja-staff-leave.ts),
 * LINE MINI App service messages (ja-staff-service.ts).
 */
const jaStaff = { ...jaStaffMain, ...jaStaffArrival, ...jaStaffKept, ...jaStaffLate, ...jaStaffWebhook, ...jaStaffFamily, ...jaStaffLeave, ...jaStaffService } as const;

export const labels = { ...ja, ...jaStaff } as const;

export type LabelKey = keyof typeof labels;

const isStaffKey = (key: LabelKey): key is keyof typeof jaStaff => Object.hasOwn(jaStaff, key);

/** Looks a label up (a staff label, or a patient label in the active catalogue) and fills `{name}` parameters. */
export function t(key: LabelKey, params: Record<string, string | number> = {}): string {
  return isStaffKey(key) ? fill(jaStaff[key], params) : patientLabel(key as PatientLabelKey, params);
}
