/**
 * A staff form's draft of what the server holds. It starts as the saved value and is replaced only when the
 * saved value itself changes (compared by its JSON), during render. An effect would do it after the form was
 * already on screen: on a slow machine a change typed in between was wiped by the reset of the first show,
 * and a live snapshot carrying the same settings again reset the draft while staff typed.
 */
import { type Dispatch, type SetStateAction, useState } from 'react';

export function useDraft<T>(saved: T): [T, Dispatch<SetStateAction<T>>] {
  const savedText = JSON.stringify(saved);
  const [draft, setDraft] = useState<T>(() => JSON.parse(savedText) as T);
  const [basis, setBasis] = useState(savedText);
  if (basis !== savedText) {
    setBasis(savedText);
    setDraft(JSON.parse(savedText) as T);
  }
  return [draft, setDraft];
}
