/** What the statistics page shows, worked out apart from React: changes, trimmed quarter-hours, chart rows. */
import { t } from '../labels.js';
import { statsLabels } from '../../../shared/labels/stats.js';
import { label } from '../../../shared/labels/text.js';
import type { StatsFigures, StatsResult } from '../../../shared/schemas/stats.js';
import { quarterLabel } from '../../../shared/stats/summary.js';
import type { ChartSeries } from './StatsChart.js';

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export const showValue = (v: number | null) => (v === null ? '–' : number(v));

/** The change from the previous period: +3, −2, ±0; – when either side has no value. */
export function change(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return '–';
  const d = Math.round((current - previous) * 10) / 10;
  if (d === 0) return '±0';
  return d > 0 ? `+${number(d)}` : `−${number(-d)}`;
}

/** The indexes worth showing: from the first with anything in it to the last, one either side. */
export function span(length: number, used: (i: number) => boolean): number[] {
  const busy = Array.from({ length }, (_, i) => i).filter(used);
  if (busy.length === 0) return [];
  const first = Math.max(0, busy[0] - 1);
  const last = Math.min(length - 1, busy[busy.length - 1] + 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export interface ChartModel {
  title: string;
  /** The first column's heading and the row labels. */
  rowHeader: string;
  labels: string[];
  series: ChartSeries[];
  /** For weekdays and hours: the busiest of the current period, in words. */
  busiest?: string;
}

/** "今回いちばん多いのは 月（126件）": the label of the largest value (the first, on a tie); none when all are 0. */
export function busiest(labels: string[], values: number[]): string | undefined {
  const max = Math.max(0, ...values);
  if (max === 0) return undefined;
  return label(statsLabels, 'ja', 'stats.busiest', { label: labels[values.indexOf(max)], n: max });
}

const COLORS = { current: '#0b6e4f', starts: '#1a56db', previous: '#8a4b00' };
const of = (name: string, which: 'stats.colCurrent' | 'stats.colPrevious') => `${name}（${label(statsLabels, 'ja', which)}）`;

export function chartModels(stats: StatsResult): ChartModel[] {
  const { current, previous } = stats;
  const both = (f: StatsFigures, q: number) => f.quarterHours.arrivals[q] > 0 || f.quarterHours.starts[q] > 0;
  const quarters = span(96, (q) => both(current, q) || both(previous, q));
  const hours = span(24, (h) => current.hours[h] > 0 || previous.hours[h] > 0);
  const weekdays = Array.from(t('date.weekdays'));
  const pair = (name: string, pick: (f: StatsFigures) => number[]): ChartSeries[] => [
    { label: of(name, 'stats.colCurrent'), values: pick(current), kind: 'bars', color: COLORS.current },
    { label: of(name, 'stats.colPrevious'), values: pick(previous), kind: 'dashed', color: COLORS.previous },
  ];
  return [
    {
      title: label(statsLabels, 'ja', 'stats.quarterTitle'),
      rowHeader: label(statsLabels, 'ja', 'stats.colTime'),
      labels: quarters.map(quarterLabel),
      series: [
        { label: of(label(statsLabels, 'ja', 'stats.arrivals'), 'stats.colCurrent'), values: quarters.map((q) => current.quarterHours.arrivals[q]), kind: 'bars', color: COLORS.current },
        { label: of(label(statsLabels, 'ja', 'stats.starts'), 'stats.colCurrent'), values: quarters.map((q) => current.quarterHours.starts[q]), kind: 'line', color: COLORS.starts },
        { label: of(label(statsLabels, 'ja', 'stats.arrivals'), 'stats.colPrevious'), values: quarters.map((q) => previous.quarterHours.arrivals[q]), kind: 'dashed', color: COLORS.previous },
        { label: of(label(statsLabels, 'ja', 'stats.starts'), 'stats.colPrevious'), values: quarters.map((q) => previous.quarterHours.starts[q]), kind: 'dashed', color: '#6b6b6b' },
      ],
    },
    {
      title: label(statsLabels, 'ja', 'stats.weekdayTitle'),
      rowHeader: label(statsLabels, 'ja', 'stats.colWeekday'),
      labels: weekdays,
      series: pair(label(statsLabels, 'ja', 'stats.arrivals'), (f) => f.weekdays),
      busiest: busiest(weekdays, current.weekdays),
    },
    {
      title: label(statsLabels, 'ja', 'stats.hourTitle'),
      rowHeader: label(statsLabels, 'ja', 'stats.colHour'),
      labels: hours.map((h) => label(statsLabels, 'ja', 'stats.hourValue', { h })),
      series: pair(label(statsLabels, 'ja', 'stats.arrivals'), (f) => hours.map((h) => f.hours[h])),
      busiest: busiest(hours.map((h) => label(statsLabels, 'ja', 'stats.hourValue', { h })), hours.map((h) => current.hours[h])),
    },
  ];
}

/** The export links of the page's period and of a chosen range of days. */
/** The exports of the page: with a queue chosen, that queue's statistics and numbers (the audit is the clinic's). */
export const exportUrls = (period: string, date: string, from: string, to: string, queueId?: string) => {
  const of = queueId === undefined ? '' : `&queue=${encodeURIComponent(queueId)}`;
  return {
    stats: `/api/staff/export/stats.csv?period=${period}&date=${date}${of}`,
    slots: `/api/staff/export/slots.csv?from=${from}&to=${to}${of}`,
    audit: `/api/staff/export/audit.csv?from=${from}&to=${to}`,
  };
};
