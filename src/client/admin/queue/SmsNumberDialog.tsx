/**
 * The desk's SMS mobile for a walk-in already holding a number (decision 070): typed as the patient says it
 * (090-1234-5678, full-width, +81…), saved or removed. The server normalises, checks and masks it; the desk
 * sees only the masked form afterwards.
 */
import { useId, useState } from 'react';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { Modal } from '../Modal.js';
import { useRefusal } from '../refusal.js';

export interface SmsNumberDialogProps {
  slot: StaffSlot;
  /** The masked mobile saved now, if any. */
  masked?: string;
  onClose(done?: string): void;
}

export function SmsNumberDialog({ slot, masked, onClose }: SmsNumberDialogProps) {
  const inputId = useId();
  const refuse = useRefusal();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const n = slot.reservationNumber;

  async function save(value: string | null) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await callFn('setSmsNumber', { slotId: slot.id, phone: value });
      onClose(result.masked ? t('sms.saved', { n, masked: result.masked }) : t('sms.removed', { n }));
    } catch (err) {
      await refuse(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('sms.rowActionLabel', { n })}
      className="sms-dialog"
      onCancel={() => onClose()}
      actions={
        <>
          {masked && (
            <button type="button" className="button danger" disabled={busy} onClick={() => void save(null)}>
              {t('sms.remove')}
            </button>
          )}
          <button type="button" className="button" onClick={() => onClose()}>
            {t('sms.close')}
          </button>
          <button type="submit" form={`${inputId}-form`} className="button primary" disabled={busy || phone.trim() === ''}>
            {t('sms.save')}
          </button>
        </>
      }
    >
      {masked && <p className="sms-current">{t('sms.tag', { masked })}</p>}
      <form
        id={`${inputId}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          void save(phone);
        }}
      >
        <label htmlFor={inputId}>{t('sms.phone')}</label>
        <input id={inputId} type="tel" inputMode="tel" autoComplete="off" maxLength={30} value={phone} data-autofocus onChange={(e) => setPhone(e.currentTarget.value)} />
      </form>
    </Modal>
  );
}
