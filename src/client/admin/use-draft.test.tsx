// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDraft } from './use-draft.js';

afterEach(cleanup);

function Form({ saved }: { saved: { text: string } }) {
  const [draft, setDraft] = useDraft(saved);
  return <input aria-label="text" value={draft.text} onChange={(e) => setDraft({ text: e.currentTarget.value })} />;
}
const field = () => screen.getByRole('textbox', { name: 'text' }) as HTMLInputElement;

describe("a staff form's draft", () => {
  it('starts as the saved value, and what staff type survives the same value arriving again as a new object', () => {
    const { rerender } = render(<Form saved={{ text: 'saved' }} />);
    expect(field().value).toBe('saved');
    fireEvent.change(field(), { target: { value: 'typed' } });
    // A live snapshot carries the same settings again: a new object, the same content.
    act(() => rerender(<Form saved={{ text: 'saved' }} />));
    expect(field().value).toBe('typed');
  });

  it('is replaced when what the server holds changes', () => {
    const { rerender } = render(<Form saved={{ text: 'saved' }} />);
    fireEvent.change(field(), { target: { value: 'typed' } });
    act(() => rerender(<Form saved={{ text: 'changed at another desk' }} />));
    expect(field().value).toBe('changed at another desk');
  });
});
