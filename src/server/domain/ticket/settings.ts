/**
 * The printed ticket's settings (docs/decisions/068): the paper the desk's printer takes and the clinic's
 * sentence under the number. No rule: the payload's schema bounds both; the save is audited.
 */
import { TICKET_PAPERS, type TicketPaper, type TicketSettings } from '../../../shared/schemas/ticket.js';
import type { Store } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';

export function readTicketSettings(runtime: Pick<RuntimeTable, 'ticket_paper' | 'ticket_note'>): TicketSettings {
  const paper = (TICKET_PAPERS as readonly string[]).includes(runtime.ticket_paper) ? (runtime.ticket_paper as TicketPaper) : '80';
  return { paper, note: runtime.ticket_note ?? '' };
}

export async function getTicketSettings(store: Store): Promise<TicketSettings> {
  const runtime = await store.db.selectFrom('runtime').select(['ticket_paper', 'ticket_note']).where('id', '=', 1).executeTakeFirstOrThrow();
  return readTicketSettings(runtime);
}

export async function saveTicketSettings({ store, settings, actor }: { store: Store; settings: TicketSettings; actor: Actor }): Promise<{ ok: true }> {
  return store.write(async ({ tx, runtime, now }) => {
    const before = readTicketSettings(runtime);
    await tx.updateTable('runtime').set({ ticket_paper: settings.paper, ticket_note: settings.note === '' ? null : settings.note, ticket_set_at: now }).where('id', '=', 1).execute();
    await writeAudit(tx, actor, { action: 'ticket.settings', before, after: settings }, now);
    return { ok: true as const };
  });
}
