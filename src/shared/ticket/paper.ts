/**
 * The printed ticket's paper and the clinic's sentence (decision 068), apart from the wire's schemas so a
 * staff screen can offer them without loading the validation library (which the pages' CSP forbids to eval).
 */
export const TICKET_PAPERS = ['58', '80', 'A6'] as const;
export type TicketPaper = (typeof TICKET_PAPERS)[number];

export const TICKET_NOTE_MAX = 80;

/** The network receipt printer's address as typed (decision 074): http(s) URL or host[:port]; '' = none. */
export const TICKET_PRINTER_MAX = 200;
