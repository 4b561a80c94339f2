/** A public holiday is closed unless the clinic opens on it: one box per holiday, saved at once. */
import { useEffect, useState } from 'react';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { shortDate } from '../../ui/schedule-text.js';
import { SaveMessage, useSave } from './save-status.js';

export interface HolidayToggleProps {
  date: string;
  name: string;
  open: boolean;
  onSaved(): void;
}

export function HolidayToggle({ date, name, open, onSaved }: HolidayToggleProps) {
  const save = useSave();
  // The box follows the click at once and keeps it until the server's fresh copy says the same; a
  // refusal puts it back.
  const [shown, setShown] = useState<boolean | null>(null);
  useEffect(() => setShown(null), [open]);
  const checked = shown ?? open;
  async function change(next: boolean) {
    setShown(next);
    const params = { name, date: shortDate(date) };
    const done = await save.run(
      () => callFn('setHolidayOpening', { date, open: next }),
      t(next ? 'admin.schedule.savedHolidayOpen' : 'admin.schedule.savedHolidayClosed', params),
    );
    if (done) onSaved();
    else setShown(null);
  }
  return (
    <div className="holiday-toggle">
      <label className="check">
        <input type="checkbox" checked={checked} disabled={save.busy} onChange={(e) => void change(e.currentTarget.checked)} />
        <span>{t('admin.schedule.holidayOpenShort', { name, date: shortDate(date) })}</span>
      </label>
      <SaveMessage state={save.state} />
    </div>
  );
}
