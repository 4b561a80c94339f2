/**
 * The estimated wait and the number being seen, as patient screens show them (issue 14). Every screen
 * computes its range with the same shared rule from the live snapshot, so they agree to the minute.
 */
import './patient.css';
import { useEffect, useState } from 'react';
import { t } from '../../shared/labels/ja.js';
import { type WaitEstimate, waitRange } from '../../shared/estimate/range.js';
import { tokyoHhmm } from '../../shared/time/tokyo.js';

/** Ranges move in 5-minute steps: re-reading the clock every 30 s is plenty (useNow would tick every second). */
export function useSlowNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** What to say for `ahead` people before someone: 'soon', a range with its time, or nothing honest yet. */
export function estimateWords(estimate: WaitEstimate | null | undefined, ahead: number, now: Date) {
  if (!estimate) return { kind: 'none' as const };
  const range = waitRange(estimate, ahead, now)!;
  if (range.highMinutes <= 5) return { kind: 'soon' as const };
  return {
    kind: 'range' as const,
    range: t('estimate.range', { low: range.lowMinutes, high: range.highMinutes }),
    expected: t('estimate.expected', { time: tokyoHhmm(range.expectedAt) }),
  };
}

function EstimateBox({ label, words }: { label: string; words: ReturnType<typeof estimateWords> }) {
  return (
    <div className="wait-estimate">
      <p className="wait-estimate-label">{label}</p>
      {words.kind === 'range' ? (
        <p className="wait-estimate-value">
          <span className="wait-estimate-range">{words.range}</span>{' '}
          <span className="wait-estimate-time">（{words.expected}）</span>
        </p>
      ) : (
        <p className="wait-estimate-plain">{words.kind === 'soon' ? t('estimate.soon') : t('estimate.noData')}</p>
      )}
      {words.kind === 'range' ? <p className="small-note">{t('estimate.note')}</p> : null}
    </div>
  );
}

/** On a patient's own reservation: their range and expected time; held rows get none. */
export function OwnEstimate({ estimate, ahead, hold }: { estimate: WaitEstimate | null | undefined; ahead: number | null; hold: boolean }) {
  const now = useSlowNow();
  if (hold) return <p className="wait-estimate-plain">{t('estimate.held')}</p>;
  if (ahead === null) return null;
  return <EstimateBox label={t('estimate.ownLabel')} words={estimateWords(estimate, ahead, now)} />;
}

/** For someone who has no number yet: the wait behind everyone now waiting. */
export function NewcomerEstimate({ estimate, waitCount }: { estimate: WaitEstimate | null | undefined; waitCount: number }) {
  const now = useSlowNow();
  return <EstimateBox label={t('estimate.newcomerLabel')} words={estimateWords(estimate, waitCount, now)} />;
}

/** ただいま 23番の方を診察中; nothing before the first consultation of the session. */
export function NowCalling({ n }: { n: number | null | undefined }) {
  if (n === null || n === undefined) return null;
  return (
    <p className="now-calling" role="status">
      {t('nowCalling.text', { n })}
    </p>
  );
}
