/** A public holiday is closed unless the clinic opens on it: one box per holiday, saved at once. */
import { useState } from 'react';
import { t } from '../../../shared/labels/ja.js';
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
  // The box follows the click at once; a refusal puts it back.
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = shown ?? open;
  async function change(next: boolean) {
    setShown(next);
    const params = { name, date: shortDate(date) };
    const done = await save.run(
      () => callFn('setHolidayOpening', { date, open: next }),
      t(next ? 'admin.schedule.savedHolidayOpen' : 'admin.schedule.savedHolidayClosed', params),
    );
    setShown(null);
    if (done) onSaved();
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
