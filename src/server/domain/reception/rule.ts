/**
 * What a reception switch does, decided from the runtime row alone: the refusal (shared/queue/rules.ts,
 * the rule staff screens show too), "already so", or the change to write. The store-facing step is
 * apply.ts; the calendar's edges decide through the same rule (domain/schedule/edges/rule.ts).
 */
import { type SwitchName, type SwitchRefusal, switchRefusal } from '../../../shared/queue/reception-switches.js';
import type { RuntimeTable } from '../../storage/schema.js';

export type ReceptionFlags = Pick<RuntimeTable, 'inhouse_on' | 'online_on' | 'current_session_id'>;

/** The runtime row's switches after the change; `openSession` asks for a new session of that many numbers. */
export interface SwitchChange {
  name: SwitchName;
  set: Partial<Pick<RuntimeTable, 'inhouse_on' | 'online_on'>>;
  openSession: { numbers: number } | null;
  /** The session that ends with in-house reception (kept as history). */
  closeSession: string | null;
}

export type SwitchDecision = { refusal: SwitchRefusal } | { change: SwitchChange | null };

/** True when the switch would leave reception as it already is. */
export function isAlreadySo(name: SwitchName, runtime: ReceptionFlags): boolean {
  switch (name) {
    case 'startInhouse':
      return runtime.inhouse_on === 1;
    case 'endInhouse':
      return runtime.inhouse_on !== 1;
    case 'startOnline':
      return runtime.online_on === 1;
    case 'endOnline':
      return runtime.online_on !== 1;
  }
}

/**
 * The refusal first (a refused switch is refused even when it would change nothing, as staff have always
 * seen it), then "already so" (null change), else the change. `activeReservations` matters only to
 * endInhouse, `numbersPerSession` only to startInhouse.
 */
export function decideSwitch(
  name: SwitchName,
  runtime: ReceptionFlags,
  { activeReservations, numbersPerSession }: { activeReservations: number; numbersPerSession: number },
): SwitchDecision {
  const refusal = switchRefusal(name, { inhouseOn: runtime.inhouse_on === 1, onlineOn: runtime.online_on === 1, activeReservations });
  if (refusal) return { refusal };
  if (isAlreadySo(name, runtime)) return { change: null };
  const change = { name, openSession: null, closeSession: null };
  switch (name) {
    case 'startInhouse':
      return { change: { ...change, set: { inhouse_on: 1 }, openSession: { numbers: numbersPerSession } } };
    case 'endInhouse':
      return { change: { ...change, set: { inhouse_on: 0 }, closeSession: runtime.current_session_id } };
    case 'startOnline':
      return { change: { ...change, set: { online_on: 1 } } };
    case 'endOnline':
      return { change: { ...change, set: { online_on: 0 } } };
  }
}

/** The runtime column that records a hand on this switch: it stands until the calendar's next edge. */
export const manualColumn = (name: SwitchName) => (name.endsWith('Online') ? 'online_manual_at' : 'inhouse_manual_at');
