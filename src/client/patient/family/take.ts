/**
 * What the family picker (decision 053) leaves for the take: the members to send (undefined: one number
 * without a name, the request as before families) and how to word the refusals only a family meets. Its own
 * module, which imports nothing, so the book screen and the picker both read it without importing each other.
 */
export interface FamilyTake {
  current?: string[];
  refusal?(err: unknown): string | undefined;
  /** The queue chosen in a clinic with several (decision 061; undefined: the first). */
  queue?: string;
}

/** What the book screen passes the picker. */
export interface FamilyPickerProps {
  /** Up to this many numbers together: above 1 the picker is offered. */
  familyMax?: number;
  /** Where the picker writes what to send with the take (undefined: one number, no name). */
  members?: FamilyTake;
  /** Signing in, or still learning whether the patient already holds a number. */
  authenticating: boolean;
  busy: boolean;
}
