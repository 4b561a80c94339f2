/**
 * The printed ticket's settings (docs/decisions/068, 074): the paper the desk's printer takes, the clinic's
 * sentence under the number, and the network receipt printer's address. The payload's schema bounds the
 * first two; the address is judged by printer.ts before the write, so a refused one changes nothing. The
 * save is audited.
 */
import { TICKET_PAPERS, type TicketLayout, type TicketPaper, type TicketSettings } from '../../../shared/schemas/ticket.js';
import type { Kysely } from 'kysely';
import type { Store } from '../../storage/port.js';
import type { Database, RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';
import { decidePrinterAddress } from './printer.js';

export function readTicketSettings(runtime: Pick<RuntimeTable, 'ticket_paper' | 'ticket_note'>): TicketLayout {
  const paper = (TICKET_PAPERS as readonly string[]).includes(runtime.ticket_paper) ? (runtime.ticket_paper as TicketPaper) : '80';
  return { paper, note: runtime.ticket_note ?? '' };
}

export async function getTicketSettings(store: Store): Promise<TicketSettings> {
  const runtime = await store.db.selectFrom('runtime').select(['ticket_paper', 'ticket_note', 'ticket_printer']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { ...readTicketSettings(runtime), printer: runtime.ticket_printer ?? '' };
}

/** The network printer's base address, or null when the clinic has none (the browser prints). */
export async function readTicketPrinter(db: Kysely<Database>): Promise<string | null> {
  const runtime = await db.selectFrom('runtime').select('ticket_printer').where('id', '=', 1).executeTakeFirstOrThrow();
  return runtime.ticket_printer;
}

export interface SaveTicketSettings extends TicketLayout {
  /** As typed; undefined keeps the saved address. */
  printer?: string;
}

export async function saveTicketSettings({ store, settings, actor }: { store: Store; settings: SaveTicketSettings; actor: Actor }): Promise<{ ok: true }> {
  const printer = settings.printer === undefined ? undefined : decidePrinterAddress(settings.printer);
  return store.write(async ({ tx, runtime, now }) => {
    const kept = printer === undefined ? runtime.ticket_printer : printer;
    const before = { ...readTicketSettings(runtime), printer: runtime.ticket_printer ?? '' };
    const after = { paper: settings.paper, note: settings.note, printer: kept ?? '' };
    await tx
      .updateTable('runtime')
      .set({ ticket_paper: settings.paper, ticket_note: settings.note === '' ? null : settings.note, ticket_printer: kept, ticket_set_at: now })
      .where('id', '=', 1)
      .execute();
    await writeAudit(tx, actor, { action: 'ticket.settings', before, after }, now);
    return { ok: true as const };
  });
}
