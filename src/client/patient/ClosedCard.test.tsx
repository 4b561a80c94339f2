// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClosedCard } from './ClosedCard.js';

afterEach(cleanup);

describe('closed card', () => {
  it('gives the online reception hours and the 30-minute rule', () => {
    render(<ClosedCard headingLevel={1} />);
    const card = screen.getByRole('region', { name: 'ただいまオンライン受付時間外です' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ただいまオンライン受付時間外です');
    expect(card.textContent).toContain('オンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
    expect(card.textContent).toContain('※診察開始後30分間と、診察終了前30分間はオンライン受付を行っておりません。');
  });

  it('is a second-level heading inside another screen', () => {
    render(<ClosedCard />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('ただいまオンライン受付時間外です');
  });
});
