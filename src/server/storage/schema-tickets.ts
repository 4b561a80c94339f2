/** The printed ticket's tables as Kysely sees them (decisions 068 and 073), kept apart from schema.ts, which joins them into the Database. */

/**
 * A printed ticket's token (0025, decision 068), by its SHA-256 digest: valid while not revoked and while
 * its session is the open one. Never in a backup.
 */
export interface TicketTokenTable {
  token_hash: string;
  slot_id: string;
  session_id: string;
  issued_at: string;
  revoked_at: string | null;
  /** When the ticket's page first read it (0028): the first open is counted once. */
  opened_at: string | null;
}

/** A push subscription made on a printed ticket's page (0028, decision 073): one per endpoint and number. Never in a backup. */
export interface TicketPushTable {
  endpoint: string;
  slot_id: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** Tickets issued (reprints and the kiosk's included) and ticket pages first opened, per Tokyo day and queue (0028). */
export interface TicketDailyTable {
  day: string;
  queue_id: string;
  printed: number;
  opened: number;
}
