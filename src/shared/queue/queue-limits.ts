/** The limits of a queue's settings (decision 061), for the payload's schema and the staff page. No zod here: screens import it. */
export const QUEUE_NAME_MAX = 20;
export const QUEUE_DESCRIPTION_MAX = 80;
export const QUEUE_FIRST_NUMBER_MAX = 9000;
/** A clinic has at most this many queues (removed ones not counted). */
export const QUEUES_MAX = 10;
