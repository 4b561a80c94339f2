/**
 * The clinic's queues as the wire carries them (several queues, decision 061): the public shape every screen
 * reads (`QueueInfo`, from getQueues), the clinic's two choices across queues, and the payloads of the staff
 * functions that set them (saveQueue, removeQueue, saveQueueChoices). What a payload cannot say alone (ranges
 * that overlap, a name used twice, too many queues) is src/server/domain/queues/rule.ts.
 */
import { z } from 'zod';
import { QUEUE_PERIODS_MAX, type QueueHours } from '../queue/queue-hours.js';
import { allocationSettingsSchema } from './allocation-settings.js';
import { patientText } from './patient-text.js';
import { QUEUE_DESCRIPTION_MAX, QUEUE_FIRST_NUMBER_MAX, QUEUE_NAME_MAX } from '../queue/queue-limits.js';
import { queueIdSchema } from './queue-id.js';

export { QUEUE_DESCRIPTION_MAX, QUEUE_FIRST_NUMBER_MAX, QUEUE_NAME_MAX, QUEUES_MAX } from '../queue/queue-limits.js';

export interface QueueInfo {
  id: string;
  nameJa: string;
  nameEn: string;
  descriptionJa?: string;
  descriptionEn?: string;
  /** Its numbers in a session: firstNumber … firstNumber + numbersPerSession − 1. */
  firstNumber: number;
  /** true: patients may take it on LINE and the app; false: only at the desk. */
  online: boolean;
  /** As the allocation settings (src/shared/queue/kept-numbers.ts), for this queue. */
  onlineCap: number;
  keepEvery: number;
  familyMax: number;
  /** Its own weekly hours (src/shared/queue/queue-hours.ts), or null: whenever the clinic is open. */
  hours: QueueHours;
}

export interface QueueChoices {
  /** Offer 「どちらの医師でも」: the queue that starts a newcomer earliest. */
  anyQueue: boolean;
  /** A patient may hold one active number in each queue (false: one in the clinic). */
  numberPerQueue: boolean;
}

/** getQueues' answer: the live queues in order, the clinic's choices, and the size of a queue's range. */
export interface QueuesAnswer {
  queues: QueueInfo[];
  choices: QueueChoices;
  /** The calendar's numbers per session: each queue's range has this many numbers. */
  numbersPerSession: number;
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const queuePeriodSchema = z
  .strictObject({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7).refine((d) => new Set(d).size === d.length, { message: 'a day twice' }),
    from: hhmm,
    to: z.union([hhmm, z.literal('24:00')]),
  })
  .refine((p) => p.from < p.to, { message: 'to must be after from', path: ['to'] });

export const queueHoursSchema = z.array(queuePeriodSchema).min(1).max(QUEUE_PERIODS_MAX).nullable();

const name = patientText(QUEUE_NAME_MAX).pipe(z.string().min(1));
/** Empty (once normalised) is no description. */
const description = patientText(QUEUE_DESCRIPTION_MAX).optional();

export const saveQueueSchema = z.strictObject({
  /** Absent: a new queue; else the queue to change. */
  id: queueIdSchema.optional(),
  nameJa: name,
  nameEn: name,
  descriptionJa: description,
  descriptionEn: description,
  firstNumber: z.number().int().min(1).max(QUEUE_FIRST_NUMBER_MAX),
  online: z.boolean(),
  onlineCap: allocationSettingsSchema.shape.onlineCap,
  keepEvery: allocationSettingsSchema.shape.keepEvery,
  familyMax: allocationSettingsSchema.shape.familyMax.unwrap(),
  hours: queueHoursSchema,
});
export type QueueChange = z.infer<typeof saveQueueSchema>;

export const removeQueueSchema = z.strictObject({ id: queueIdSchema });

export const queueChoicesSchema = z.strictObject({ anyQueue: z.boolean(), numberPerQueue: z.boolean() });
