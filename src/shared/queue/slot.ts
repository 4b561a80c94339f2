/** The reservation slot as every layer sees it: the fields of docs/product.md "Data", times as ISO-8601 strings. */
export const RESERVED_TYPES = ['LINE', 'PWA', 'ADMIN'] as const;
export type ReservedType = (typeof RESERVED_TYPES)[number];
export type PatientChannel = Exclude<ReservedType, 'ADMIN'>;

export interface Slot {
  id: string;
  sessionId: string;
  reservationNumber: number;
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
