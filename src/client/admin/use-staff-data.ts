/**
 * What a staff screen shows, asked for when it opens (naming the browser tab) and again on `load()`; a
 * refusal is handled the staff screens' usual way (a lost session asks to sign in again).
 */
import { useCallback, useEffect, useState } from 'react';
import { useRefusal } from './refusal.js';

/** `ask` is kept by identity: pass a function defined outside the component. */
export function useStaffData<T>(title: string, ask: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const refuse = useRefusal();

  const load = useCallback(async () => {
    try {
      setData(await ask());
    } catch (err) {
      await refuse(err);
    }
  }, [ask, refuse]);

  useEffect(() => {
    document.title = title;
    void load();
  }, [title, load]);

  return { data, setData, load, refuse };
}
