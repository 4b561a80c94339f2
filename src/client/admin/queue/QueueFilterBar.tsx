/**
 * The desk's choice of 受付項目 over the list (decision 061), shown only for a clinic with several queues:
 * すべて or one queue, each with how many wait in it. Radio buttons, so a keyboard moves along them.
 */
import type { QueueLive } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { ALL_QUEUES, type QueueFilter } from '../several-queues.js';
import './queues.css';

export interface QueueFilterBarProps {
  queues: readonly QueueLive[];
  filter: QueueFilter;
  onChange(filter: QueueFilter): void;
}

/** A queue's tone (tag and filter mark), in the clinic's order: the same queue looks the same everywhere. */
export function queueTone(queues: readonly QueueLive[], id: string): number {
  return Math.max(queues.findIndex((q) => q.id === id), 0) % 4;
}

function Choice({ value, name, count, tone, filter, onChange }: {
  value: QueueFilter;
  name: string;
  count: number;
  tone?: number;
  filter: QueueFilter;
  onChange(filter: QueueFilter): void;
}) {
  return (
    <label className={tone === undefined ? 'queue-choice' : `queue-choice queue-tone-${tone}`}>
      <input type="radio" name="queue-filter" value={value} checked={filter === value} onChange={() => onChange(value)} />
      <span className="queue-choice-name">{name}</span>
      <span className="queue-choice-count">{t('queues.waiting', { n: count })}</span>
    </label>
  );
}

export function QueueFilterBar({ queues, filter, onChange }: QueueFilterBarProps) {
  const total = queues.reduce((sum, q) => sum + q.waiting, 0);
  return (
    <fieldset className="queue-filter">
      <legend className="queue-filter-legend">{t('queues.label')}</legend>
      <Choice value={ALL_QUEUES} name={t('queues.all')} count={total} filter={filter} onChange={onChange} />
      {queues.map((q, i) => (
        <Choice key={q.id} value={q.id} name={q.nameJa} count={q.waiting} tone={i % 4} filter={filter} onChange={onChange} />
      ))}
    </fieldset>
  );
}
