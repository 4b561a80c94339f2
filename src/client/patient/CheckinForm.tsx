/**
 * The check-in form (issue 34), a chunk of its own (CheckIn.tsx): the code from the waiting-room monitor or
 * the desk's printed sheet, typed or brought by the sheet's link, sent only when the patient taps. A wrong
 * or stale code shows the server's refusal and changes nothing; the patient may try again.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { t } from '../ui/language.js';
import { checkinErrorMessage } from './checkin-errors.js';

export interface CheckinFormProps {
  initialCode: string | null;
  onSubmit(code: string): Promise<void>;
  onClose(): void;
}

/**
 * Full-width digits (a Japanese keyboard's １２３４) become ASCII; spaces and hyphens a patient might copy
 * from the sheet go. Anything else is left for the server to refuse.
 */
export function normalizeCode(typed: string): string {
  return typed.normalize('NFKC').replace(/[\s-]/g, '');
}

export default function CheckinForm({ initialCode, onSubmit, onClose }: CheckinFormProps) {
  const [code, setCode] = useState(initialCode ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Opened by a tap: straight to typing. Opened by a link on arrival: shown, with no keyboard popping up.
    if (initialCode === null) input.current?.focus();
    else form.current?.scrollIntoView?.({ block: 'nearest' });
  }, [initialCode]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const clean = normalizeCode(code);
    if (busy || clean === '') return;
    setBusy(true);
    setError(null);
    try {
      // On success the card shows 来院済み in this form's place: nothing more to do here.
      await onSubmit(clean);
    } catch (err) {
      setError(checkinErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="checkin-form" onSubmit={(event) => void submit(event)}>
      {initialCode !== null ? <p className="checkin-note">{t('my.checkin.fromLink')}</p> : null}
      <label htmlFor={inputId}>{t('my.checkin.label')}</label>
      <input
        ref={input}
        id={inputId}
        className="checkin-code"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="done"
        maxLength={16}
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {/* Under the field it is about, where the eye is, rather than below the buttons. */}
      {error ? (
        <p id={errorId} className="error-line" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button primary block" disabled={busy || normalizeCode(code) === ''} aria-busy={busy}>
        {busy ? t('my.checkin.busy') : t('my.checkin.submit')}
      </button>
      <button type="button" className="button block" disabled={busy} onClick={onClose}>
        {t('my.checkin.close')}
      </button>
    </form>
  );
}
