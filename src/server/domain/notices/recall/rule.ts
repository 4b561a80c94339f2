/** Staff recall, the rule: the channel a reservation is recalled on, or why it may not be (now, or ever again). */
import type { PatientChannel } from '../../../../shared/queue/slot.js';
import type { NoticeChannel } from '../../../storage/schema.js';
import { AppError } from '../../../errors.js';
import type { SlotTable } from '../../../storage/schema.js';

/**
 * The channel a recall goes out on; throws when this slot may not be recalled (now, or ever again). `sms`: the
 * slot is a desk number with a mobile saved while the clinic has SMS on (decision 070): it is recalled by SMS;
 * `ticketPush`: a desk number whose ticket page subscribed (decision 073): by Web Push (SMS as well, when both).
 */
export function recallChannel(
  slot: Pick<SlotTable, 'canceled' | 'reserved_type' | 'notified_ahead_at'>,
  channelConfigured: (channel: PatientChannel) => boolean,
  lineRecallOn: boolean,
  sms = false,
  ticketPush = false,
): NoticeChannel {
  if (slot.canceled) throw new AppError('NOT_FOUND', 'error.slotNotFound');
  const channel = slot.reserved_type;
  if (channel === 'ADMIN' && sms) {
    if (slot.notified_ahead_at) throw new AppError('FAILED_PRECONDITION', 'error.recallAlreadySent');
    return 'SMS';
  }
  // A desk number whose ticket page subscribed (decision 073) is recalled there by Web Push.
  if (channel === 'ADMIN' && ticketPush) {
    if (slot.notified_ahead_at) throw new AppError('FAILED_PRECONDITION', 'error.recallAlreadySent');
    if (!channelConfigured('PWA')) throw new AppError('FAILED_PRECONDITION', 'error.pushNotConfigured');
    return 'PWA';
  }
  if (channel !== 'LINE' && channel !== 'PWA') throw new AppError('FAILED_PRECONDITION', 'error.slotNotChannel');
  if (slot.notified_ahead_at) throw new AppError('FAILED_PRECONDITION', 'error.recallAlreadySent');
  if (!channelConfigured(channel)) {
    throw new AppError('FAILED_PRECONDITION', channel === 'LINE' ? 'error.lineMessagingNotConfigured' : 'error.pushNotConfigured');
  }
  // Each LINE push costs quota: the clinic may keep recalls to the screen.
  if (channel === 'LINE' && !lineRecallOn) throw new AppError('FAILED_PRECONDITION', 'error.lineRecallOff');
  return channel;
}
