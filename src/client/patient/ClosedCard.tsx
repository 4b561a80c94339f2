/**
 * Out of online-reception hours (docs/product.md, "Closed card"): today's real hours and the next
 * opening from the clinic calendar; the fixed hours text while the calendar cannot be had.
 */
import './patient.css';
import { useId } from 'react';
import { t } from '../ui/language.js';
import { offsetsNote } from '../ui/schedule-text.js';
import type { ScheduleState } from './public-schedule.js';
import { TodaySchedule } from './TodaySchedule.js';

export interface ClosedCardProps {
  headingLevel?: 1 | 2;
  schedule: ScheduleState;
  /** Closed early because a newcomer would not be seen in time (the snapshot's onlineClosedReason). */
  late?: boolean;
}

export function ClosedCard({ headingLevel = 2, schedule, late }: ClosedCardProps) {
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const note = schedule.kind === 'ready' ? offsetsNote(schedule.schedule.offsets) : t('closed.note');
  return (
    <section className="card closed-card" aria-labelledby={id}>
      <Heading id={id} className="closed-title">
        {t(late ? 'closed.late' : 'closed.title')}
      </Heading>
      {schedule.kind === 'ready' && <TodaySchedule schedule={schedule.schedule} showNext />}
      {schedule.kind === 'failed' && <p className="closed-hours">{t('closed.hours')}</p>}
      {note && <p className="closed-note">{note}</p>}
    </section>
  );
}
