/**
 * One uPlot chart over categories (weekdays, hours, quarter-hours): bars for one series, lines for the
 * others. The canvas is a picture for sighted readers; the table beside it (StatsScreen) carries the same
 * numbers for everyone, so the canvas is hidden from assistive technology.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  kind: 'bars' | 'line' | 'dashed';
  color: string;
}

const HEIGHT = 280;
const FONT = '14px system-ui, sans-serif';

function options(labels: string[], series: ChartSeries[], width: number): uPlot.Options {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: [0, Math.ceil(max * 1.15)] } },
    axes: [
      {
        font: FONT,
        incrs: [1, 2, 4, 8, 12, 24],
        space: Math.max(44, 10 + 15 * Math.max(...labels.map((l) => l.length))),
        values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
        grid: { show: false },
      },
      { font: FONT, size: 56 },
    ],
    legend: { show: true, live: false },
    cursor: { show: false },
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: s.kind === 'bars' ? 1 : 2.5,
        fill: s.kind === 'bars' ? `${s.color}cc` : undefined,
        dash: s.kind === 'dashed' ? [8, 5] : undefined,
        paths: s.kind === 'bars' ? bars : undefined,
        points: { show: s.kind !== 'bars', size: 6 },
      })),
    ],
  };
}

export function StatsChart({ labels, series }: { labels: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values)];
    const chart = new uPlot(options(labels, series, Math.max(280, el.clientWidth)), data, el);
    // The chart follows its column: the desk's wide screen, a tablet turned either way.
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series]);
  return <div className="stats-chart" ref={box} aria-hidden="true" />;
}
