/**
 * One way for the calendar's forms to save: the server's own message beside the form when it refuses
 * (overlapping periods, end before start, an empty window — nothing was saved), a confirmation when it
 * took it. A lost session still goes through the refusal dialog and back to sign-in.
 */
import { useCallback, useState } from 'react';
import { t } from '../labels.js';
import { FnError } from '../../api/fn.js';
import { useRefusal } from '../refusal.js';

export type SaveState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'saved'; text: string } | { kind: 'refused'; text: string };

export function useSave() {
  const refuse = useRefusal();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const run = useCallback(
    async (work: () => Promise<unknown>, success: string): Promise<boolean> => {
      setState({ kind: 'busy' });
      try {
        await work();
        setState({ kind: 'saved', text: success });
        return true;
      } catch (err) {
        if (err instanceof FnError && err.status === 'UNAUTHENTICATED') {
          setState({ kind: 'idle' });
          await refuse(err);
        } else {
          setState({ kind: 'refused', text: err instanceof FnError ? err.message : t('error.internal') });
        }
        return false;
      }
    },
    [refuse],
  );
  const refuseHere = useCallback((text: string) => setState({ kind: 'refused', text }), []);
  return { state, busy: state.kind === 'busy', run, refuseHere };
}

export function SaveMessage({ state }: { state: SaveState }) {
  return (
    <>
      {/* Always present, so a screen reader hears the confirmation when it is written into it. */}
      <p className="save-ok" role="status">
        {state.kind === 'saved' ? state.text : ''}
      </p>
      {state.kind === 'refused' && (
        <p className="error-line" role="alert">
          {state.text}
        </p>
      )}
    </>
  );
}
