// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSnapshot } from '../../../shared/schemas/live.js';
import type { LiveStatus } from '../../api/live.js';
import { DialogProvider } from '../Modal.js';
import { Sidebar } from './Sidebar.js';

afterEach(cleanup);

const quiet = { soundOn: false, setSoundOn: () => {}, blocked: false, play: async () => {} };
const snapshot = (inhouseOn: boolean, nextFreeNumber: number | null): AdminSnapshot => ({
  runtime: { inhouseOn, onlineOn: false, currentWaitCount: 0 },
  slots: [],
  nextFreeNumber,
  version: 1,
  scheduleVersion: 0,
  scheduleNotice: null,
});

/** The sidebar's next-number line for a snapshot and stream status. */
function nextNumber(data: AdminSnapshot | null, status: LiveStatus): string {
  const { container } = render(
    <DialogProvider>
      <Sidebar snapshot={data} status={status} showDone={false} onShowDone={() => {}} sound={quiet} username="desk" onSignOut={() => {}} />
    </DialogProvider>,
  );
  const text = container.querySelector('.next-number')?.textContent ?? '';
  cleanup();
  return text;
}

describe('the next number in the staff sidebar', () => {
  it('says in-house reception is stopped before it starts, not that the number failed', () => {
    expect(nextNumber(snapshot(false, null), 'live')).toBe('院内受付は停止中です');
  });

  it('shows the next number, and says when every number has been issued', () => {
    expect(nextNumber(snapshot(true, 7), 'live')).toBe('次の受付番号 7番');
    expect(nextNumber(snapshot(true, null), 'live')).toBe('すべての番号を発行済みです');
  });

  it('keeps the error for a stream that failed, and says it is connecting before the first snapshot', () => {
    expect(nextNumber(null, 'connecting')).toBe('接続中…');
    expect(nextNumber(null, 'reconnecting')).toBe('番号取得エラー');
    // A stale snapshot's number may be wrong: while the stream is down the error stays.
    expect(nextNumber(snapshot(true, 7), 'reconnecting')).toBe('番号取得エラー');
  });
});
