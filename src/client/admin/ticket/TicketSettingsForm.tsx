/**
 * The printed ticket's settings (decision 068), a section of /admin/arrival: the paper the desk's printer
 * takes (58 mm or 80 mm roll, or A6 on an ordinary printer), the clinic's own sentence under the number, and
 * the network receipt printer the server sends tickets to (decision 074; empty: the browser prints).
 * Read once when the page opens; saved in one call, audited by the server.
 */
import { useEffect, useState } from 'react';
import { t } from '../labels.js';
import { TICKET_NOTE_MAX, TICKET_PAPERS, TICKET_PRINTER_MAX, type TicketPaper } from '../../../shared/ticket/paper.js';
import type { TicketSettings } from '../../../shared/schemas/ticket.js';
import { callFn } from '../../api/fn.js';
import { useSave } from '../schedule/save-status.js';
import { SettingsCard } from '../SettingsCard.js';
import { useDraft } from '../use-draft.js';

const PAPER_WORDS = { '58': 'ticketSettings.paper58', '80': 'ticketSettings.paper80', A6: 'ticketSettings.paperA6' } as const satisfies Record<TicketPaper, string>;

export function TicketSettingsSection() {
  const [saved, setSaved] = useState<TicketSettings | null>(null);
  useEffect(() => {
    let live = true;
    callFn('getTicketSettings', {}).then((s) => live && setSaved(s), () => {});
    return () => {
      live = false;
    };
  }, []);
  return saved ? <TicketSettingsForm saved={saved} onSaved={setSaved} /> : null;
}

function TicketSettingsForm({ saved, onSaved }: { saved: TicketSettings; onSaved(s: TicketSettings): void }) {
  const [draft, setDraft] = useDraft(saved);
  const save = useSave();

  async function submit() {
    const settings = { paper: draft.paper, note: draft.note.trim(), printer: draft.printer.trim() };
    // The server answers the address it will use (the origin of what was typed); reread it after a save.
    if (await save.run(() => callFn('saveTicketSettings', settings), t('ticketSettings.saved'))) onSaved(await callFn('getTicketSettings', {}).catch(() => settings));
  }

  return (
    <SettingsCard id="ticket-settings" title={t('ticketSettings.settings')} saveLabel={t('ticketSettings.save')} save={save} onSubmit={submit} actionsClass="arrival-actions">
      <label className="arrival-field">
        <span>{t('ticketSettings.paper')}</span>
        <select
          className="choice-field"
          value={draft.paper}
          onChange={(e) => {
            const paper = e.currentTarget.value as TicketPaper;
            setDraft((d) => ({ ...d, paper }));
          }}
        >
          {TICKET_PAPERS.map((p) => (
            <option key={p} value={p}>
              {t(PAPER_WORDS[p])}
            </option>
          ))}
        </select>
      </label>
      <label className="arrival-field">
        <span>{t('ticketSettings.note', { max: TICKET_NOTE_MAX })}</span>
        <input
          type="text"
          maxLength={TICKET_NOTE_MAX}
          value={draft.note}
          placeholder={t('ticketSettings.noteExample')}
          onChange={(e) => {
            const note = e.currentTarget.value;
            setDraft((d) => ({ ...d, note }));
          }}
        />
      </label>
      <label className="arrival-field">
        <span>{t('ticketSettings.printer')}</span>
        <input
          type="text"
          inputMode="url"
          maxLength={TICKET_PRINTER_MAX}
          value={draft.printer}
          placeholder="http://192.168.1.50"
          aria-describedby="ticket-printer-hint"
          onChange={(e) => {
            const printer = e.currentTarget.value;
            setDraft((d) => ({ ...d, printer }));
          }}
        />
      </label>
      <p id="ticket-printer-hint" className="muted">
        {t('ticketSettings.printerHint')}
      </p>
    </SettingsCard>
  );
}
