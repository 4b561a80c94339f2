/**
 * The editor's draft of one queue and what it sends: numbers kept as typed (so clearing a field to retype
 * does not snap it back), times read as typed on a Japanese keyboard too (９：３０, 9:30). What the server
 * would refuse only with its generic shape error is named here instead; the rest (overlapping ranges, a name
 * in use) is the server's to say, in its own words.
 */
import type { QueuePeriod } from '../../../shared/queue/queue-hours.js';
import { QUEUE_FIRST_NUMBER_MAX } from '../../../shared/queue/queue-limits.js';
import { ONLINE_CAP_MAX } from '../../../shared/queue/kept-numbers.js';
import type { FunctionPayload } from '../../../shared/schemas/functions.js';
import type { QueueInfo } from '../../../shared/schemas/queues.js';
import type { StaffKey } from '../../../shared/labels/staff.js';

export interface QueueDraft {
  id?: string;
  nameJa: string;
  nameEn: string;
  descriptionJa: string;
  descriptionEn: string;
  firstNumber: string;
  online: boolean;
  onlineCap: string;
  keepEvery: number;
  familyMax: number;
  hours: QueuePeriod[] | null;
}

/** A new queue starts after the last range. */
export function newDraft(queues: readonly QueueInfo[], n: number): QueueDraft {
  const next = Math.max(0, ...queues.map((q) => q.firstNumber + n - 1)) + 1;
  return {
    nameJa: '', nameEn: '', descriptionJa: '', descriptionEn: '', firstNumber: String(Math.min(next, QUEUE_FIRST_NUMBER_MAX)),
    online: true, onlineCap: '0', keepEvery: 0, familyMax: 1, hours: null,
  };
}

export function draftOf(q: QueueInfo): QueueDraft {
  return {
    id: q.id, nameJa: q.nameJa, nameEn: q.nameEn, descriptionJa: q.descriptionJa ?? '', descriptionEn: q.descriptionEn ?? '',
    firstNumber: String(q.firstNumber), online: q.online, onlineCap: String(q.onlineCap), keepEvery: q.keepEvery, familyMax: q.familyMax,
    hours: q.hours,
  };
}

/** 'HH:MM' from what was typed: full-width digits and colon, and an hour without its leading zero. */
export function readTime(typed: string): string {
  const half = typed.normalize('NFKC').trim();
  const m = /^(\d{1,2}):(\d{2})$/.exec(half);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : half;
}

const wholeNumber = (typed: string) => (/^\d+$/.test(typed.normalize('NFKC').trim()) ? Number(typed.normalize('NFKC').trim()) : NaN);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type DraftResult = { payload: FunctionPayload<'saveQueue'> } | { problem: StaffKey; params?: Record<string, number> };

export function payloadOf(d: QueueDraft): DraftResult {
  if (!d.nameJa.trim() || !d.nameEn.trim()) return { problem: 'queues.nameMissing' };
  const firstNumber = wholeNumber(d.firstNumber);
  if (!(firstNumber >= 1 && firstNumber <= QUEUE_FIRST_NUMBER_MAX)) return { problem: 'queues.firstNumberRange', params: { max: QUEUE_FIRST_NUMBER_MAX } };
  const onlineCap = wholeNumber(d.onlineCap);
  if (!(onlineCap >= 0 && onlineCap <= ONLINE_CAP_MAX)) return { problem: 'kept.capRange', params: { max: ONLINE_CAP_MAX } };
  const hours = d.hours?.map((p) => ({ days: p.days, from: readTime(p.from), to: readTime(p.to) })) ?? null;
  if (hours?.some((p) => p.days.length === 0 || !TIME.test(p.from) || !(TIME.test(p.to) || p.to === '24:00') || p.from >= p.to)) {
    return { problem: 'queues.hoursInvalid' };
  }
  return {
    payload: {
      ...(d.id ? { id: d.id } : {}),
      nameJa: d.nameJa,
      nameEn: d.nameEn,
      ...(d.descriptionJa.trim() ? { descriptionJa: d.descriptionJa } : {}),
      ...(d.descriptionEn.trim() ? { descriptionEn: d.descriptionEn } : {}),
      firstNumber,
      online: d.online,
      onlineCap,
      keepEvery: d.keepEvery,
      familyMax: d.familyMax,
      hours,
    },
  };
}
