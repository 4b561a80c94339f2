/** Takes the lowest free number of the current session for a patient (LINE, PWA) or a walk-in (ADMIN). */
import type { ReservedType } from '../../shared/queue/slot.js';
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';
import { enqueueAheadNotices } from '../notify/enqueue.js';
import { type Actor, writeAudit } from './audit.js';

export interface AllocateSlotOptions {
  store: Store;
  reservedType: ReservedType;
  /** The patient's uid (LINE userId or PWA_…); null for ADMIN tickets. */
  ownerId: string | null;
  /** Staff member issuing a walk-in ticket (audited). */
  actor?: Actor;
}

/**
 * The refusals that need no lock, answered from a plain read: at opening time most of a burst is turned
 * away (no numbers left, online closed, already booked) and must not queue behind the writers. Numbers are
 * never freed, so "none left" cannot be wrong; the others are re-checked under the lock anyway.
 */
async function refuseEarly({ store, reservedType, ownerId }: AllocateSlotOptions): Promise<void> {
  const runtime = await store.db.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  if (!runtime.inhouse_on || !runtime.current_session_id) return; // the locked check words this refusal
  if (reservedType !== 'ADMIN' && !runtime.online_on) throw new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
  const free = await store.db
    .selectFrom('reservation_slots')
    .select('id')
    .where('session_id', '=', runtime.current_session_id)
    .where('is_reserved', '=', 0)
    .limit(1)
    .executeTakeFirst();
  if (!free) throw new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
  if (ownerId) {
    const existing = await store.db
      .selectFrom('reservation_slots')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('canceled', '=', 0)
      .where('is_reception_accepted', '=', 0)
      .executeTakeFirst();
    if (existing) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
  }
}

export async function allocateSlot(options: AllocateSlotOptions) {
  const { store, reservedType, ownerId, actor } = options;
  await refuseEarly(options);
  try {
    return await store.write(async (ctx) => {
      const { tx, runtime, emit, now } = ctx;
      if (!runtime.inhouse_on || !runtime.current_session_id) {
        throw reservedType === 'ADMIN'
          ? new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped')
          : new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
      }
      if (reservedType !== 'ADMIN' && !runtime.online_on) {
        throw new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
      }
      if (ownerId) {
        const existing = await tx
          .selectFrom('reservation_slots')
          .select('id')
          .where('owner_id', '=', ownerId)
          .where('canceled', '=', 0)
          .where('is_reception_accepted', '=', 0)
          .executeTakeFirst();
        if (existing) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
      }
      const free = await tx
        .selectFrom('reservation_slots')
        .select(['id', 'reservation_number'])
        .where('session_id', '=', runtime.current_session_id)
        .where('is_reserved', '=', 0)
        .orderBy('reservation_number')
        .limit(1)
        .executeTakeFirst();
      if (!free) throw new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
      await tx
        .updateTable('reservation_slots')
        .set({ is_reserved: 1, reserved_type: reservedType, reserved_at: now, updated_at: now, owner_id: ownerId })
        .where('id', '=', free.id)
        .execute();
      emit({ type: 'slotAllocated', slotId: free.id });
      await enqueueAheadNotices(ctx);
      await writeAudit(tx, actor, { action: 'allocateNextSlot', target: `#${free.reservation_number} ${free.id}`, after: { reservedType } }, now);
      return { ok: true as const, slotId: free.id, reservationNumber: free.reservation_number };
    });
  } catch (err) {
    // The partial unique index caught a second active reservation racing the check above.
    if (store.isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
    throw err;
  }
}
