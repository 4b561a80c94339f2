/**
 * The stored calendar: one JSON document (row id 1; none yet = the default hours of docs/product.md), its version on the
 * runtime row. Parsed documents are kept per process by version, so reading the calendar on a hot path
 * (a snapshot, the public week, the allocation's session size) costs one small primary-key read.
 */
import type { Kysely, Transaction } from 'kysely';
import { type ClinicSchedule, DEFAULT_SCHEDULE, overrideSchema, scheduleSettingsSchema, weeklyHoursSchema } from '../../../shared/schedule/types.js';
import { z } from 'zod';
import type { WriteContext } from '../../storage/port.js';
import type { Database } from '../../storage/schema.js';

const documentSchema = z.object({
  weekly: weeklyHoursSchema,
  overrides: z.array(overrideSchema),
  holidayOpenings: z.array(z.string()),
  // Settings added later fall back to their defaults.
  settings: scheduleSettingsSchema.partial().transform((s) => ({ ...DEFAULT_SCHEDULE.settings, ...s })),
});

export interface VersionedSchedule {
  schedule: ClinicSchedule;
  version: number;
}

const cache = new WeakMap<object, VersionedSchedule>();

/** The calendar at the version the runtime row shows (read within `db`, a transaction or the pool). */
export async function readSchedule(db: Kysely<Database> | Transaction<Database>, cacheKey: object): Promise<VersionedSchedule> {
  const rt = await db.selectFrom('runtime').select('schedule_version').where('id', '=', 1).executeTakeFirstOrThrow();
  return readScheduleAt(db, cacheKey, rt.schedule_version);
}

export async function readScheduleAt(db: Kysely<Database> | Transaction<Database>, cacheKey: object, version: number): Promise<VersionedSchedule> {
  const cached = cache.get(cacheKey);
  if (cached && cached.version === version) return cached;
  const row = await db.selectFrom('clinic_schedule').select('document').where('id', '=', 1).executeTakeFirst();
  const schedule = row ? documentSchema.parse(JSON.parse(row.document)) : DEFAULT_SCHEDULE;
  const value = { schedule, version };
  // A reader that saw an older version must not replace a newer entry.
  if (!cached || cached.version < version) cache.set(cacheKey, value);
  return value;
}

/** Inside a serialised write: stores the whole calendar, bumps its version, tells every process. */
export async function writeSchedule(ctx: WriteContext, schedule: ClinicSchedule): Promise<number> {
  const { tx, now } = ctx;
  const document = JSON.stringify(schedule);
  const updated = await tx.updateTable('clinic_schedule').set({ document, updated_at: now }).where('id', '=', 1).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await tx.insertInto('clinic_schedule').values({ id: 1, document, updated_at: now }).execute();
  }
  const version = ctx.runtime.schedule_version + 1;
  await tx.updateTable('runtime').set({ schedule_version: version }).where('id', '=', 1).execute();
  ctx.emit({ type: 'scheduleChanged' });
  return version;
}
