/**
 * Tests take numbers as the app does, through one Allocation per store (its view of reception and its
 * group commit), like one server process; a second store opened on the same database is a second process.
 */
import { type Allocated, type Allocation, type AllocationRequest, createAllocation } from '../../src/server/domain/allocation/allocate.js';
import type { Store } from '../../src/server/storage/port.js';

const allocations = new WeakMap<Store, Allocation>();

export function allocationOf(store: Store): Allocation {
  let allocation = allocations.get(store);
  if (!allocation) allocations.set(store, (allocation = createAllocation(store)));
  return allocation;
}

export const allocateSlot = ({ store, ...request }: AllocationRequest & { store: Store }): Promise<Allocated> => allocationOf(store).take(request);
