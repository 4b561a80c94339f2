/** The reservation slot as every layer sees it: the fields of docs/product.md "Data", times as ISO-8601 strings. */
export const RESERVED_TYPES = ['LINE', 'PWA', 'ADMIN'] as const;
export type ReservedType = (typeof RESERVED_TYPES)[number];
export type PatientChannel = Exclude<ReservedType, 'ADMIN'>;

export interface Slot {
  id: string;
  sessionId: string;
  reservationNumber: number;
  /** The number's queue (decision 061); absent for the first queue ('main'), so every number of a one-queue clinic. */
  queueId?: string;
  /** The number the patient held before the desk moved them to this queue (decision 067); absent otherwise. */
  movedFrom?: number;
  isReserved: boolean;
  canceled: boolean;
  canceledAt: string | null;
  isReceptionAccepted: boolean;
  receptionAcceptedAt: string | null;
  reservedType: ReservedType | null;
  reservedAt: string | null;
  createdAt: string;
  updatedAt: string;
  lineId: string | null;
  pwaId: string | null;
  hold: boolean;
  holdAt: string | null;
  canceledLineAt: string | null;
  canceledPwaAt: string | null;
  notifiedAheadAt: string | null;
  notifiedAt: string | null;
  ahead5SkippedAt: string | null;
  ahead5SkippedReason: 'adminConfirmed' | null;
  adminConfirmedAt: string | null;
  adminBeepAnnounced: boolean;
  /**
   * The slot's place in the queue: its reservation number until an absence (不在) moves it back, then a
   * value between the two rows it now stands between (docs/api.md "Queue order"). Waiting rows are ordered
   * by it, ties by number.
   */
  queuePosition: number;
  /** How many times the patient was called and absent. */
  absences: number;
  /** The last absence, and how many places it moved them back (null when it held them instead). */
  absentAt: string | null;
  absentPlaces: number | null;
  /** Arrival check-in (来院確認): when, and whether the patient or staff recorded it. */
  arrivedAt: string | null;
  arrivedBy: 'patient' | 'staff' | null;
  /**
   * A family's numbers taken in one request share this id (the first member's slot id); null for a number
   * taken alone. The member's short name, shown only to the patient and staff (docs/decisions/053). Optional
   * so fixtures written before families stay valid; the server always fills both.
   */
  familyId?: string | null;
  memberName?: string | null;
  /** The patient's notice "N minutes before my turn" (10–60, decision 055), else null (told by people ahead). */
  noticeMinutes?: number | null;
}

/** The owner ids: only the server holds them (decision 004), since a PWA uid signs its patient in. */
export type OwnerIdField = 'lineId' | 'pwaId';

/** What the queue rules read: every slot field but the owner ids. */
export type SlotFields = Omit<Slot, OwnerIdField>;

/**
 * A slot as staff screens receive it on the admin stream. It cannot carry an owner id: a full Slot is
 * not assignable to it, so the server must strip them before sending.
 */
export type StaffSlot = SlotFields & { [K in OwnerIdField]?: never };

/** Runtime settings (one row). currentWaitCount is derived, never stored. */
export interface Runtime {
  inhouseOn: boolean;
  onlineOn: boolean;
  currentWaitCount: number;
}

export const SLOTS_PER_SESSION = 200;
export const ADMIN_LIST_LIMIT = 500;
export const AHEAD_NOTICE_THRESHOLD = 5;
/** The patient's own notice (issue 14): they choose 1 to 10 people ahead; AHEAD_NOTICE_THRESHOLD is the default. */
export const NOTICE_THRESHOLD_MIN = 1;
export const NOTICE_THRESHOLD_MAX = 10;
/**
 * "Leave home by" (issue 36, decision 055): instead of people ahead, the patient may be told once when the
 * shown range's low edge reaches this many minutes, 10 to 60, in steps the screens offer.
 */
export const NOTICE_MINUTES_MIN = 10;
export const NOTICE_MINUTES_MAX = 60;
export const NOTICE_MINUTES_CHOICES = [10, 15, 20, 30, 45, 60] as const;
/** Absent when called (issue 34): places moved back (0 = to the end) and the absence that holds instead. */
export const ABSENCE_PLACES_MIN = 1;
export const ABSENCE_PLACES_MAX = 20;
export const ABSENCE_PLACES_DEFAULT = 3;
export const ABSENCE_HOLD_AFTER_MIN = 1;
export const ABSENCE_HOLD_AFTER_MAX = 10;
export const ABSENCE_HOLD_AFTER_DEFAULT = 2;
