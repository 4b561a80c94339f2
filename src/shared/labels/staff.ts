/**
 * What the staff screens and the server's Japanese answers read: every staff text (staff-desk.ts,
 * staff-paper.ts, staff-settings.ts) with the patient screens' Japanese, which staff screens show too (the server's
 * refusals, the calendar's wording), the server's refusals for a host without an open clinic, and the group page's (decision 081),
 * and the clinic side of a group account's handoff (group-handoff.ts). Japanese only (docs/decisions/023). Patient screens never import it,
 * so it never weighs on a phone's first load (build/budget.ts).
 */
import { patientJa } from './patient-ja.js';
import { staffDeskJa } from './staff-desk.js';
import { staffPaperJa } from './staff-paper.js';
import { staffSettingsJa } from './staff-settings.js';
import { clinicHostJa } from './clinic-host.js';
import { groupErrorsJa } from './group-errors.js';
import { groupHandoffJa } from './group-handoff.js';
import type { Catalogue } from './text.js';

const ja = { ...patientJa, ...staffDeskJa, ...staffPaperJa, ...staffSettingsJa, ...clinicHostJa, ...groupErrorsJa, ...groupHandoffJa } as const;

export type StaffKey = keyof typeof ja;

export const staffLabels: Catalogue<StaffKey, 'ja'> = { ja };
