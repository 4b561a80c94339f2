// @vitest-environment happy-dom
/**
 * The family picker on the book screen (issue 35, docs/decisions/053): offered only when the clinic allows
 * more than one, 1 person unless chosen, a labelled name field per person, and what the take sends; the two
 * refusals only a family meets, worded with {max} in the reader's language.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FnError } from '../../api/fn.js';
import { applyLang } from '../../ui/language.js';
import { BookView, type FamilyTake } from '../BookView.js';
import { bookViewProps } from '../test-support.js';
import { familyRefusal } from './refusals.js';
import { membersToSend } from './FamilyPicker.js';

afterEach(async () => {
  cleanup();
  await applyLang('ja');
});

const base = bookViewProps({ myPath: '/pwa/my' });

const countGroup = () => screen.findByRole('group', { name: /人数|Number of people/ });

describe('the family picker', () => {
  it('is not there when the clinic allows one number (the screen as before families)', async () => {
    const members: FamilyTake = {};
    render(<BookView {...base} familyMax={1} members={members} />);
    await act(async () => {});
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(members.current).toBeUndefined();
  });

  it('offers 1…familyMax people, 1 unless chosen, and a name field per person with its hint', async () => {
    const members: FamilyTake = {};
    render(<BookView {...base} familyMax={3} members={members} />);
    const group = await countGroup();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['1人', '2人', '3人']);
    expect(radios[0]!.checked).toBe(true);
    expect(group.textContent).toContain('（3人まで）');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    // One person with no name: nothing extra is sent.
    expect(members.current).toBeUndefined();

    fireEvent.click(radios[2]!);
    const names = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(names.map((n) => screen.getByText(n.closest('label')!.querySelector('span')!.textContent!).textContent)).toEqual([
      '1人目のお名前',
      '2人目のお名前',
      '3人目のお名前',
    ]);
    expect(screen.getByLabelText('2人目のお名前')).toBe(names[1]);
    expect(names[0]!.maxLength).toBe(10);
    const hint = document.getElementById(names[0]!.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('お名前は、ご本人と受付スタッフだけに表示されます（10文字まで）。例：たろう');
    expect(members.current).toEqual(['', '', '']);
    fireEvent.change(names[0]!, { target: { value: ' たろう ' } });
    fireEvent.change(names[2]!, { target: { value: 'じろう' } });
    expect(members.current).toEqual(['たろう', '', 'じろう']);
    expect(screen.getByText('3人分の番号を、続けてまとめてお取りします。')).toBeTruthy();
    // The take button is the same button as ever.
    expect(screen.getByRole('button', { name: '受付番号を取得する' })).toBeTruthy();
  });

  it('sends a single name when one person typed one, and nothing once the clinic turns families off', async () => {
    const members: FamilyTake = {};
    const { rerender } = render(<BookView {...base} familyMax={2} members={members} />);
    await countGroup();
    fireEvent.change(screen.getByLabelText('1人目のお名前'), { target: { value: 'はなこ' } });
    expect(members.current).toEqual(['はなこ']);
    rerender(<BookView {...base} familyMax={1} members={members} />);
    expect(members.current).toBeUndefined();
    expect(members.refusal).toBeUndefined();
  });

  it('never offers or sends more than the clinic allows now', async () => {
    const members: FamilyTake = {};
    const { rerender } = render(<BookView {...base} familyMax={4} members={members} />);
    await countGroup();
    fireEvent.click(screen.getByRole('radio', { name: '4人' }));
    expect(members.current).toHaveLength(4);
    rerender(<BookView {...base} familyMax={2} members={members} />);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect((screen.getByRole('radio', { name: '2人' }) as HTMLInputElement).checked).toBe(true);
    expect(members.current).toEqual(['', '']);
  });

  it('is disabled while signing in or taking, and gone once the patient holds a number', async () => {
    const { rerender } = render(<BookView {...base} familyMax={3} members={{}} busy />);
    await countGroup();
    // The fieldsets are disabled, which disables every radio and name field in them.
    expect(screen.getAllByRole('radio').every((r) => (r.closest('fieldset') as HTMLFieldSetElement).disabled)).toBe(true);
    expect((screen.getByRole('textbox').closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    rerender(<BookView {...base} familyMax={3} members={{}} reserved />);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('speaks English when the patient reads English', async () => {
    await applyLang('en');
    render(<BookView {...base} familyMax={3} members={{}} />);
    await screen.findByRole('group', { name: 'Number of people' });
    fireEvent.click(screen.getByRole('radio', { name: '2 people' }));
    expect(screen.getByLabelText('Name of person 2')).toBeTruthy();
    expect(screen.getByText('You will get 2 numbers together, one after another.')).toBeTruthy();
  });

  it('words what the take sends: nothing for one person without a name', () => {
    expect(membersToSend(1, [])).toBeUndefined();
    expect(membersToSend(1, ['  '])).toBeUndefined();
    expect(membersToSend(1, ['a'])).toEqual(['a']);
    expect(membersToSend(2, ['a'])).toEqual(['a', '']);
    expect(membersToSend(2, ['a', 'b', 'c'])).toEqual(['a', 'b']);
  });
});

describe('the refusals only a family meets', () => {
  const tooLarge = new FnError('FAILED_PRECONDITION', '一度にお取りできるのは3人分までです。人数を減らしてください。');
  const notEnough = new FnError('RESOURCE_EXHAUSTED', '全員分の番号が残っていません。人数を減らすか、窓口へお越しください。');

  it('fills {max} from the server’s text, in the reader’s language', async () => {
    expect(familyRefusal(tooLarge)).toBe('一度にお取りできるのは3人分までです。人数を減らしてください。');
    await applyLang('en');
    expect(familyRefusal(tooLarge)).toBe('You can get numbers for up to 3 people at once. Please choose fewer people.');
  });

  it('says too few numbers are left for everyone; leaves every other refusal to takeErrorMessage', () => {
    expect(familyRefusal(notEnough)).toBe(notEnough.message);
    expect(familyRefusal(new FnError('FAILED_PRECONDITION', '現在オンライン受付を停止しています。しばらくしてから再度お試しください。'))).toBeUndefined();
    // Another refusal of the same status with a number in it is not this one.
    expect(familyRefusal(new FnError('FAILED_PRECONDITION', '来院確認コードは4桁です。'))).toBeUndefined();
    expect(familyRefusal(new FnError('RESOURCE_EXHAUSTED', '本日の受付番号に空きがありません。しばらくしてから再度お試しください。'))).toBeUndefined();
    expect(familyRefusal(new FnError('ALREADY_EXISTS', 'すでに受付番号を取得済みです。予約状況をご確認ください。'))).toBeUndefined();
    expect(familyRefusal(new TypeError('x'))).toBeUndefined();
  });

  it('is what the picker leaves for the take to ask first', async () => {
    const members: FamilyTake = {};
    render(<BookView {...base} familyMax={3} members={members} />);
    await countGroup();
    expect(members.refusal).toBe(familyRefusal);
  });
});
