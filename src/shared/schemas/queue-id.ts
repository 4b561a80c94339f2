/** A queue's id on the wire (decision 061): `main` or one this server made (src/server/domain/queues/rule.ts). */
import { z } from 'zod';

export const queueIdSchema = z.string().min(1).max(32).regex(/^[a-z0-9_-]+$/);
