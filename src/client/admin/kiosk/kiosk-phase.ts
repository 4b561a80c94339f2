/** What the kiosk's whole screen shows (docs/decisions/072), and which refusals of a kiosk call change it. */
import type { KioskState } from '../../../shared/schemas/kiosk.js';
import { FnError } from '../../api/fn.js';

export type KioskPhase = { kind: 'checking' } | { kind: 'kiosk'; state: KioskState } | { kind: 'setup' } | { kind: 'revoked' } | { kind: 'offline' };

/** Revoked, no kiosk credential at all, or no server; null: an ordinary refusal the screen shows in place. */
export function phaseOfError(err: unknown): KioskPhase | null {
  if (err instanceof FnError && err.status === 'PERMISSION_DENIED') return { kind: 'revoked' };
  if (err instanceof FnError && err.status === 'UNAUTHENTICATED') return { kind: 'setup' };
  if (err instanceof FnError && err.status === 'UNAVAILABLE') return { kind: 'offline' };
  return null;
}
