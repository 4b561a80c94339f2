/**
 * Arrival check-in on the patient's card (issue 34): 「来院しました」 until they have checked in, then
 * 「来院済み（09:12）」. The form (CheckinForm) is a chunk of its own, loaded on the tap or when a link
 * brought a code: the patient screens' first load has no bytes to spare for it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { t } from '../ui/language.js';
import { tokyoHhmm } from '../../shared/time/tokyo.js';
import { loadChunk } from '../ui/lazy-chunk.js';
import { Loading } from '../ui/Loading.js';

const CheckinForm = lazy(() => loadChunk(() => import('./CheckinForm.js')));

export interface CheckInProps {
  arrivedAt: string | null;
  /** A code from a `?checkin=` link: the form opens with it filled in, awaiting the patient's tap. */
  linkCode: string | null;
  /** Checks in; rejects with the server's refusal (FnError), which the form shows. */
  onSubmit(code: string): Promise<void>;
  /** The patient closed the form: any link code is set aside. */
  onDismiss(): void;
}

export function CheckIn({ arrivedAt, linkCode, onSubmit, onDismiss }: CheckInProps) {
  const [open, setOpen] = useState(false);
  const used = useRef(false);
  const arrived = useRef<HTMLParagraphElement>(null);
  // Just checked in from the form: focus the answer, which took the place of the form the focus was in.
  useEffect(() => {
    if (arrivedAt && used.current) arrived.current?.focus();
  }, [arrivedAt]);
  if (arrivedAt) {
    return (
      <p ref={arrived} tabIndex={-1} className="my-arrived" role="status">
        {t('my.arrived', { time: tokyoHhmm(arrivedAt) })}
      </p>
    );
  }
  if (!open && linkCode === null) {
    return (
      <button type="button" className="button primary block checkin-open" onClick={() => setOpen(true)}>
        {t('my.checkin.open')}
      </button>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <CheckinForm
        initialCode={linkCode}
        onSubmit={(code) => {
          used.current = true;
          return onSubmit(code);
        }}
        onClose={() => {
          setOpen(false);
          onDismiss();
        }}
      />
    </Suspense>
  );
}
