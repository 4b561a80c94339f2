/**
 * What a patient screen needs from the channel around it (LINE now, the PWA next): who is signed in,
 * where the sibling screens live, and what to do after taking or cancelling a number. The screens
 * themselves stay identical across channels.
 */
import { createContext, useContext } from 'react';
import type { PatientChannel } from '../../shared/queue/slot.js';
import type { MyReservation } from '../../shared/schemas/functions.js';

export type AuthStatus = 'authenticating' | 'ready' | 'failed';

export interface PatientAuth {
  status: AuthStatus;
  token: string | null;
  /** Shown in the welcome line; the PWA has none. */
  displayName: string | null;
  /** A call answered UNAUTHENTICATED (expired token): the channel signs in again. */
  onUnauthenticated(): void;
}

export interface PatientPaths {
  book: string;
  my: string;
  all: string;
}

export interface PatientContextValue {
  channel: PatientChannel;
  auth: PatientAuth;
  paths: PatientPaths;
  /**
   * After a number was taken, with the card allocateNextSlot answered; the channel leaves the book screen
   * (LINE remembers the card for its confirmation page, the PWA shows it on /my). `family`: every card the
   * take answered with when it took a family's numbers (decision 053), the first being `reservation`.
   */
  onTaken(reservation: MyReservation, family?: MyReservation[] | null): void;
  /** The card just taken, for the screen shown next to start from instead of asking the server again. */
  taken?: MyReservation | null;
  /** Inside the LINE MINI App with service messages on: its access token, sent with the number taken. */
  liffAccessToken?: () => string | null;
  /** After the patient cancelled. */
  onCanceled(reservation: MyReservation): void;
  /** Each card the my page reads (LINE's confirmation follows a number the desk moved, decision 067). */
  onCard?(reservation: MyReservation, family?: MyReservation[]): void;
}

export const PatientContext = createContext<PatientContextValue | null>(null);

/** For screens that only make sense for a patient (book, my). */
export function usePatient(): PatientContextValue {
  const value = useContext(PatientContext);
  if (!value) throw new Error('usePatient outside a PatientContext provider');
  return value;
}

/** For screens that also serve the public (the full list on /web). */
export function useOptionalPatient(): PatientContextValue | null {
  return useContext(PatientContext);
}
