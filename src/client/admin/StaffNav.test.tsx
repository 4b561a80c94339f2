// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupUrlContext, StaffNav } from './StaffNav.js';

afterEach(cleanup);

describe('the staff nav', () => {
  it('links back to the group page for a session a group account opened', () => {
    render(
      <GroupUrlContext.Provider value="https://group.example.jp/group/">
        <StaffNav />
      </GroupUrlContext.Provider>,
    );
    expect(screen.getByRole('link', { name: '法人のページへ' }).getAttribute('href')).toBe('https://group.example.jp/group/');
  });

  it('has no such link for a clinic’s own staff', () => {
    render(<StaffNav />);
    expect(screen.queryByRole('link', { name: '法人のページへ' })).toBeNull();
    expect(screen.getByRole('link', { name: '受付画面に戻る' })).toBeTruthy();
  });
});
