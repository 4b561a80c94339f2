/**
 * What the patient screens' unit tests set up alike: the props of a screen that has loaded, follows the live
 * stream and has nothing under way, so that a test names only what it is about.
 */
import type { MyReservation } from '../../shared/schemas/functions.js';
import type { BookViewProps } from './BookView.js';
import type { MyViewProps } from './MyView.js';

/** "My reservation" showing `reservation`, nothing being cancelled, on the LINE route unless `over` says. */
export const myViewProps = (reservation: MyReservation | null, over: Partial<MyViewProps> = {}): MyViewProps => ({
  displayName: null,
  reservation,
  loaded: true,
  liveStatus: 'live',
  canceling: false,
  cancelError: null,
  bookPath: '/line/book',
  onCancel: () => {},
  ...over,
});

/** The book screen with 4 waiting and the take offered; the calendar could not be had, so the card keeps the fixed hours. */
export const bookViewProps = (over: Partial<BookViewProps> = {}): BookViewProps => ({
  waitCount: 4,
  closed: false,
  schedule: { kind: 'failed' },
  liveStatus: 'live',
  authenticating: false,
  busy: false,
  reserved: false,
  error: null,
  myPath: '/line/my',
  onTake: () => {},
  ...over,
});
