/**
 * The in-house and online reception switches. Each asks first (docs/product.md, "Checks before an action"); while one switch is on its
 * way both are blocked, and a refusal is shown in the server's own words (e.g. reservations remain).
 */
import { useState } from 'react';
import type { Runtime } from '../../../shared/queue/slot.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { useDialogs } from '../Modal.js';
import { useRefusal } from '../refusal.js';

type Which = 'inhouse' | 'online';

const FUNCTIONS = {
  inhouse: { on: 'startInhouseReception', off: 'endInhouseReception' },
  online: { on: 'startOnlineReception', off: 'endOnlineReception' },
} as const;

export function ReceptionSwitches({ runtime }: { runtime: Runtime | null }) {
  const dialogs = useDialogs();
  const refuse = useRefusal();
  const [pending, setPending] = useState<Which | null>(null);

  async function toggle(which: Which) {
    if (pending || !runtime) return;
    const on = which === 'inhouse' ? runtime.inhouseOn : runtime.onlineOn;
    setPending(which);
    try {
      const question = t('admin.confirmToggle', {
        switch: t(which === 'inhouse' ? 'admin.inhouse' : 'admin.online'),
        action: t(on ? 'admin.toggleStop' : 'admin.toggleStart'),
      });
      if (!(await dialogs.confirm(question))) return;
      await callFn(FUNCTIONS[which][on ? 'off' : 'on'], {});
    } catch (err) {
      await refuse(err);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="switches">
      {(['inhouse', 'online'] as const).map((which) => {
        const on = runtime ? (which === 'inhouse' ? runtime.inhouseOn : runtime.onlineOn) : false;
        const labelId = `switch-${which}`;
        return (
          <div key={which} className="switch-line">
            <span id={labelId} className="switch-label">
              {t(which === 'inhouse' ? 'admin.inhouse' : 'admin.online')}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby={labelId}
              aria-busy={pending === which}
              className={`switch ${on ? 'on' : 'off'}`}
              disabled={!runtime || pending !== null}
              onClick={() => void toggle(which)}
            >
              <span className="switch-knob" aria-hidden="true" />
              <span className="switch-state" aria-hidden="true">
                {pending === which ? t('admin.switchPending') : t(on ? 'admin.on' : 'admin.off')}
              </span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
