/** The payload of `saveAllocationSettings` (issue 35, docs/decisions/049; take-and-cancel, 060): the settings, whole numbers in range. */
import { z } from 'zod';
import { CANCEL_LIMIT_MAX } from '../queue/cancel-limit.js';
import { FAMILY_MAX_MAX, FAMILY_MAX_MIN } from '../queue/family.js';
import { KEEP_EVERY_MAX, KEEP_EVERY_MIN, ONLINE_CAP_MAX } from '../queue/kept-numbers.js';
import { queueIdSchema } from './queue-id.js';

export const allocationSettingsSchema = z.strictObject({
  /** 0 = off. */
  keepEvery: z.number().int().min(0).max(KEEP_EVERY_MAX).refine((n) => n === 0 || n >= KEEP_EVERY_MIN),
  /** 0 = no cap. */
  onlineCap: z.number().int().min(0).max(ONLINE_CAP_MAX),
  /** Up to M numbers per patient together (docs/decisions/053); absent keeps the stored value (clients older than families). */
  familyMax: z.number().int().min(FAMILY_MAX_MIN).max(FAMILY_MAX_MAX).optional(),
  /** Cancellations a patient may make in a session and still take online, 0 = off (docs/decisions/060); absent keeps the stored value. */
  cancelLimit: z.number().int().min(0).max(CANCEL_LIMIT_MAX).optional(),
  /**
   * The queue whose keepEvery, onlineCap and familyMax these are (decision 061); absent: the first queue.
   * cancelLimit is the clinic's, whichever queue.
   */
  queueId: queueIdSchema.optional(),
});
