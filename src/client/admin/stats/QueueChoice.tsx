/**
 * The statistics' queue choice (decision 065): the whole clinic or one queue, by the names staff gave the
 * queues. Only a clinic with more than one queue sees it: with one, the page is what it always was.
 */
import { statsLabels } from '../../../shared/labels/stats.js';
import { label } from '../../../shared/labels/text.js';
import type { QueueInfo } from '../../../shared/schemas/queues.js';

const ALL = '';

export function QueueChoice({ queues, value, onChange }: { queues: readonly QueueInfo[]; value: string | undefined; onChange: (queueId: string | undefined) => void }) {
  if (queues.length < 2) return null;
  return (
    <label className="stats-queue">
      {label(statsLabels, 'ja', 'stats.queue')}
      <select value={value ?? ALL} onChange={(e) => onChange(e.currentTarget.value === ALL ? undefined : e.currentTarget.value)}>
        <option value={ALL}>{label(statsLabels, 'ja', 'stats.queue.all')}</option>
        {queues.map((q) => (
          <option key={q.id} value={q.id}>{q.nameJa}</option>
        ))}
      </select>
    </label>
  );
}
