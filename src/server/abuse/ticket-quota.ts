/**
 * The limits a patient's number spends, as plain data: the abuse policy fills it from the request (it knows
 * the client's address and whether it is trusted), the allocation spends it inside its write
 * (domain/allocation/quota.ts). It lives here, not in domain/, because abuse/ does not import domain/.
 */
export interface TicketQuota {
  /** Numbers one patient may take in one reception session, cancelled ones included (never reused). */
  numbersPerPatientSession: number;
  /** Limits on the client's address (absent for a trusted network: the clinic's own Wi-Fi). */
  address?: {
    /** The address as limits key it (clientKey: IPv4 whole, IPv6 by /56). */
    key: string;
    ticketsPerHour: number;
    numbersPerSession: number;
  };
}
