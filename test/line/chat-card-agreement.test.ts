// @vitest-environment happy-dom
/**
 * The chat's wait and the card's are one: the patient's card (PlaceEstimate, src/client/patient/WaitEstimate.tsx)
 * rendered for a snapshot, and the chat rule's wait for the same place and instant, must read the same, in
 * both languages and every case the card has (a range, soon, no estimate yet, held).
 */
import { createElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaceEstimate } from '../../src/client/patient/WaitEstimate.js';
import { waitText } from '../../src/server/domain/line-chat/rule.js';
import type { WaitEstimate } from '../../src/shared/estimate/range.js';
import { applyLang } from '../../src/client/ui/language.js';
import type { QueueSnapshot } from '../../src/shared/schemas/live.js';

const NOW = new Date('2026-11-23T01:02:00.000Z');
const paces: (WaitEstimate | null)[] = [
  { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'blend' },
  { minutesPerPerson: 7.3, spreadMinutes: 3.1, paceError: 0.3, lastStartAt: '2026-11-23T00:58:00.000Z', basis: 'session' },
  { minutesPerPerson: 1, spreadMinutes: 0.2, paceError: 0, lastStartAt: null, basis: 'history' },
  null,
];

afterEach(async () => {
  cleanup();
  await applyLang('ja');
  vi.useRealTimers();
});

describe("the chat's wait is the card's", () => {
  it.each(['ja', 'en'] as const)('for every place and pace, held rows included (%s)', async (lang) => {
    await applyLang(lang);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    for (const estimate of paces) {
      const queue = [
        ...Array.from({ length: 12 }, (_, i) => ({ reservationNumber: 10 + i, ahead: i, hold: false, absent: false })),
        { reservationNumber: 3, ahead: null, hold: true, absent: true },
      ];
      const snapshot = { runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 12 }, queue, version: 1, estimate, nowCalling: null, scheduleVersion: 0 } as unknown as QueueSnapshot;
      for (const row of queue) {
        const { container } = render(createElement(PlaceEstimate, { snapshot, number: row.reservationNumber }));
        const read = (selector: string) => container.querySelector(selector)?.textContent ?? null;
        // The card: its label, then the range with its time or the words; held: the words alone.
        const card = {
          label: read('.wait-estimate-label'),
          text: read('.wait-estimate-range') ? read('.wait-estimate-value') : read('.wait-estimate-plain'),
          ranged: read('.wait-estimate-range') !== null,
        };
        cleanup();
        const chat = waitText(lang, { estimate, inhouseOn: true, now: NOW }, { reservationNumber: row.reservationNumber, ahead: row.ahead, hold: row.hold });
        expect(chat, `number ${row.reservationNumber}`).toEqual(card);
      }
    }
  });
});
