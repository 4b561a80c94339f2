/**
 * The reception switches' rules (docs/product.md, "Queue rules"), apart from the queue's own so that the
 * patient screens, which need only whether online booking is open, do not load the staff list's rules.
 */

/** Online booking is open only when both switches are on. */
export function isOnlineOpen(runtime: { inhouseOn: boolean; onlineOn: boolean }): boolean {
  return runtime.inhouseOn && runtime.onlineOn;
}

export type SwitchName = 'startInhouse' | 'endInhouse' | 'startOnline' | 'endOnline';

export type SwitchRefusal = 'inhouseStopped' | 'onlineOpen' | 'reservationsExist';

/**
 * Whether a reception switch may happen: online cannot start while in-house is stopped;
 * in-house cannot end while online is open or active reservations remain. Returns the refusal or null.
 * Switching to the state already in force is allowed (and changes nothing).
 */
export function switchRefusal(
  name: SwitchName,
  state: { inhouseOn: boolean; onlineOn: boolean; activeReservations: number },
): SwitchRefusal | null {
  switch (name) {
    case 'startOnline':
      return state.inhouseOn ? null : 'inhouseStopped';
    case 'endInhouse':
      if (!state.inhouseOn) return null;
      if (state.onlineOn) return 'onlineOpen';
      return state.activeReservations > 0 ? 'reservationsExist' : null;
    case 'startInhouse':
    case 'endOnline':
      return null;
  }
}
