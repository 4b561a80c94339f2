/**
 * One row of the public queue stream (docs/api.md "Live streams"), as screens read it and as it is sent.
 * On the wire a row leaves out every field at its default (docs/decisions/062): each change is written to
 * every viewer, nearly every row is waiting, not held and not absent, and `"hold":false,"absent":false` on
 * each of them was most of the frame. The server drops defaults with `compactRow`; the client puts them back
 * with `fullRow` as the frame arrives, so no screen ever sees a missing field.
 */
export interface PublicRow {
  reservationNumber: number;
  /** People ahead in queue order; null for a held row. */
  ahead: number | null;
  hold: boolean;
  /** Called and absent at least once and still waiting, moved back or held (the monitor's 「不在の方は受付へ」). */
  absent: boolean;
  /** The row's queue (decision 061): 'main', the first queue, is left out like any default. */
  queueId: string;
}

/** What a field left out of a row means. A new row field with a usual value gets its default here. */
export const PUBLIC_ROW_DEFAULTS = { ahead: null, hold: false, absent: false, queueId: 'main' } as const satisfies Partial<PublicRow>;

type Defaulted = keyof typeof PUBLIC_ROW_DEFAULTS;

/** A row as the stream sends it: any field at its default may be missing. */
export type PublicRowFrame = Omit<PublicRow, Defaulted> & Partial<Pick<PublicRow, Defaulted>>;

const defaults: Readonly<Record<string, unknown>> = PUBLIC_ROW_DEFAULTS;

/** The row without its fields at their default (field order kept, so frames stay byte-identical per state). */
export function compactRow(row: PublicRow): PublicRowFrame {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!Object.hasOwn(defaults, key) || defaults[key] !== value) out[key] = value;
  return out as PublicRowFrame;
}

/** The row with every field present: a missing one reads as its default. */
export function fullRow(row: PublicRowFrame): PublicRow {
  return { ...PUBLIC_ROW_DEFAULTS, ...row };
}
