// @vitest-environment happy-dom
/** The patient's card in a clinic with several queues (decision 061): its queue named, its queue's own figures. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReservation } from '../../../shared/schemas/functions.js';
import { applyLang } from '../../ui/language.js';
import { MyView } from '../MyView.js';
import { myViewProps } from '../test-support.js';
import { NOW, threeQueueSnapshot } from './test-fixtures.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const vaccine: MyReservation = { slotId: 's-504', reservationNumber: 504, reservedAt: '2026-11-23T00:40:00.000Z', ahead: 1, hold: false, queueId: 'vaccine' };
const general: MyReservation = { slotId: 's-6', reservationNumber: 6, reservedAt: '2026-11-23T00:30:00.000Z', ahead: 1, hold: false };

const card = () => screen.findByRole('region', { name: 'あなたの受付番号' });

describe('the card in a clinic with several queues', () => {
  it("names the number's queue and shows now calling and the wait from that queue", async () => {
    render(<MyView {...myViewProps(vaccine)} snapshot={threeQueueSnapshot} />);
    const text = (await card()).textContent ?? '';
    expect(document.querySelector('.my-number')!.textContent).toBe('予防接種 504番');
    expect(text).toContain('あなたの前に 1人');
    expect(screen.getByRole('status').textContent).toBe('ただいま 502番の方を診察中');
    // 1 ahead at 10 min a person plus half of the one under way: 15 min, so 10:15 (the first queue's 5 min would say 10:07).
    expect(text).toContain('（10:15ごろ）');
  });

  it('shows a family’s numbers as the family’s cards, not the book screen’s picker', async () => {
    const members = [
      { ...vaccine, familyId: 's-504', memberName: 'たろう' },
      { ...vaccine, slotId: 's-505', reservationNumber: 505, familyId: 's-504', memberName: 'はなこ' },
    ];
    render(<MyView {...myViewProps(members[0]!)} family={members} snapshot={threeQueueSnapshot} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'ご家族の受付番号（2人分）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '505番をキャンセルする' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '人数' })).toBeNull();
  });

  it('names the first queue for a number without queueId', async () => {
    render(<MyView {...myViewProps(general)} snapshot={threeQueueSnapshot} />);
    await card();
    expect(document.querySelector('.my-number')!.textContent).toBe('一般 6番');
    expect(screen.getByRole('status').textContent).toBe('ただいま 4番の方を診察中');
  });

  it("reads the queue from the number's row when the card does not name it", async () => {
    render(<MyView {...myViewProps({ ...vaccine, queueId: undefined })} snapshot={threeQueueSnapshot} />);
    await card();
    expect(document.querySelector('.my-number')!.textContent).toBe('予防接種 504番');
  });

  it('is the one-queue card when the snapshot has no queues', () => {
    const single = { ...threeQueueSnapshot, queues: undefined };
    render(<MyView {...myViewProps(general)} snapshot={single} />);
    expect(document.querySelector('.my-number')!.textContent).toBe('6番');
  });

  it('reads in English', async () => {
    await applyLang('en');
    try {
      render(<MyView {...myViewProps(vaccine)} snapshot={threeQueueSnapshot} />);
      await screen.findByRole('region', { name: 'Your number' });
      expect(document.querySelector('.my-number')!.textContent).toBe('Vaccination No. 504');
      expect(screen.getByRole('status').textContent).toBe('Now seeing No. 502');
    } finally {
      await applyLang('ja');
    }
  });
});
