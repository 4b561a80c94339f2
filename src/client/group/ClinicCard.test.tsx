// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClinicCard } from './ClinicCard.js';
import { stubServer, threeClinics } from './test-support.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a clinic’s card on the group page', () => {
  it('asks for a handoff and goes to the address the server answers', async () => {
    const asked = stubServer(() => ({ result: { url: 'https://b.example.jp/admin/handoff#tok' } }));
    const went: string[] = [];
    render(<ClinicCard clinic={threeClinics()[1]} onOpen={(url) => went.push(url)} />);
    fireEvent.click(screen.getByRole('button', { name: 'この医院の管理画面を開く' }));
    await waitFor(() => expect(went).toEqual(['https://b.example.jp/admin/handoff#tok']));
    expect(asked).toEqual([{ method: 'POST', path: '/api/group/handoff', body: { clinicId: 'clinic-b' } }]);
  });

  it('shows the server’s refusal and stays', async () => {
    stubServer(() => ({ error: { status: 'PERMISSION_DENIED', message: 'この医院はこのアカウントに任されていません。' } }));
    const went: string[] = [];
    render(<ClinicCard clinic={threeClinics()[0]} onOpen={(url) => went.push(url)} />);
    fireEvent.click(screen.getByRole('button', { name: 'この医院の管理画面を開く' }));
    expect((await screen.findByRole('alert')).textContent).toBe('この医院はこのアカウントに任されていません。');
    expect(went).toEqual([]);
    expect((screen.getByRole('button', { name: 'この医院の管理画面を開く' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no handoff for a clinic without a host, and says why', () => {
    render(<ClinicCard clinic={{ ...threeClinics()[0], host: null }} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('この医院にはアドレスが登録されていないため、管理画面を開けません。')).toBeTruthy();
  });
});
