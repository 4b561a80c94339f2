/**
 * Making a clinic in a store (decision 077): its `clinics` row, and in its own rows what every clinic starts
 * with — the runtime row (its clinic-wide lock and settings, reception off) and its first queue. What
 * migrations gave the clinic `default` over time, a new clinic gets at once from the columns' defaults.
 */
import type { Store } from './port.js';
import type { RuntimeTable } from './schema.js';
import { insertMainQueue } from './queue-rows.js';

/** A clinic's id: what the operator types and what every row carries. */
export const CLINIC_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

export async function createClinic(store: Store, id: string, name: string | null, now: string): Promise<Store> {
  if (!CLINIC_ID.test(id)) throw new Error(`a clinic id is 1–40 lower-case letters, digits and '-': ${id}`);
  await store.deployment.insertInto('clinics').values({ id, name, created_at: now, disabled_at: null }).execute();
  const clinic = store.forClinic(id);
  await clinic.db.transaction().execute(async (tx) => {
    // The other columns take their defaults, as the clinic `default`'s did when each migration added one.
    const runtime: Partial<RuntimeTable> = { id: 1, inhouse_on: 0, online_on: 0, current_session_id: null, version: 0 };
    await tx.insertInto('runtime').values(runtime as RuntimeTable).execute();
    await insertMainQueue(tx, now);
  });
  return clinic;
}
