/**
 * /admin/schedule: the clinic calendar that runs reception. The weekly hours and settings on the left, the
 * month as the server applied it in the middle, the chosen day, the month's holidays and the dated
 * changes on the right. Every save goes to the server, which refuses bad hours with a clear message and
 * saves nothing; the month is then asked again, so what is shown is always what the server holds. A change
 * from another desk (or the server's own switching) reaches it through the staff live stream's calendar
 * version, and the month is asked again then too; a form's draft is kept unless its own saved value moved.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../labels.js';
import type { ScheduleForStaff } from '../../../shared/schedule/types.js';
import { tokyoDay } from '../../../shared/time/tokyo.js';
import { callFn } from '../../api/fn.js';
import { useRefusal } from '../refusal.js';
import { StaffNav } from '../StaffNav.js';
import { adminPaths } from '../../routes/admin.js';
import { useAdminStream } from '../use-admin-stream.js';
import { DayEditor } from './DayEditor.js';
import { MonthCalendar } from './MonthCalendar.js';
import { HolidayList, OverrideList } from './ScheduleLists.js';
import { KeptNumbersSection } from './KeptNumbersForm.js';
import { SettingsForm } from './SettingsForm.js';
import { WeeklyHoursForm } from './WeeklyHoursForm.js';
import './schedule.css';


export function ScheduleScreen() {
  const today = tokyoDay(Date.now());
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState(today);
  const [data, setData] = useState<ScheduleForStaff | null>(null);
  const refuse = useRefusal();
  const asked = useRef(0);

  const load = useCallback(async () => {
    const ask = ++asked.current;
    try {
      const answer = await callFn('getSchedule', { month });
      // Months paged through quickly: only the last one asked for is shown.
      if (ask === asked.current) setData(answer);
    } catch (err) {
      await refuse(err);
    }
  }, [month, refuse]);

  useEffect(() => {
    document.title = t('admin.schedule.title');
  }, []);
  useEffect(() => void load(), [load]);

  // The calendar's version from the staff stream: the first one only says what the first ask answered.
  const scheduleVersion = useAdminStream().data?.scheduleVersion;
  const seenVersion = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (scheduleVersion === undefined) return;
    const before = seenVersion.current;
    seenVersion.current = scheduleVersion;
    if (before !== undefined && before !== scheduleVersion) void load();
  }, [scheduleVersion, load]);

  const showMonth = (next: string) => {
    setMonth(next);
    setSelected(today.startsWith(next) ? today : `${next}-01`);
  };
  const select = (date: string) => {
    if (!date.startsWith(month)) setMonth(date.slice(0, 7));
    setSelected(date);
  };
  const reload = () => void load();

  const shown = data && data.days[0]?.date.startsWith(month) ? data : null;
  const day = shown?.days.find((d) => d.date === selected);
  const override = data?.schedule.overrides.find((o) => o.date === selected);

  return (
    <main className="staff-page schedule-page">
      <StaffNav except={adminPaths.schedule} />
      <h1>{t('admin.schedule.title')}</h1>
      {!data ? (
        <p>{t('admin.schedule.loading')}</p>
      ) : (
        <div className="schedule-columns">
          <div className="schedule-column">
            <WeeklyHoursForm saved={data.schedule.weekly} settings={data.schedule.settings} onSaved={reload} />
            <SettingsForm saved={data.schedule.settings} onSaved={reload} />
            <KeptNumbersSection />
          </div>
          <div className="schedule-column">
            <MonthCalendar
              month={month}
              days={shown?.days ?? []}
              today={today}
              selected={selected}
              changed={new Set(data.schedule.overrides.map((o) => o.date))}
              onSelect={select}
              onMonth={showMonth}
            />
          </div>
          <div className="schedule-column">
            {day && (
              <DayEditor
                key={day.date}
                day={day}
                override={override}
                regular={data.schedule.weekly[day.weekday] ?? []}
                holidayOpen={data.schedule.holidayOpenings.includes(day.date)}
                onSaved={reload}
              />
            )}
            {shown && (
              <HolidayList month={Number(month.slice(5))} days={shown.days} openings={data.schedule.holidayOpenings} onSaved={reload} />
            )}
            <OverrideList overrides={data.schedule.overrides} onSelect={select} onSaved={reload} />
          </div>
        </div>
      )}
    </main>
  );
}
