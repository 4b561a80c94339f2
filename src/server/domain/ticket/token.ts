/**
 * A printed ticket's token (docs/decisions/068): 32 random bytes (256 bits) in base64url, printed in the QR
 * code's URL fragment and nowhere else. The store keeps only its SHA-256 digest, so a database or a backup
 * read gives no usable ticket; a digest needs no salt for a random value this long.
 */
import { createHash, randomBytes } from 'node:crypto';

export const newTicketToken = (): string => randomBytes(32).toString('base64url');

export const ticketDigest = (token: string): string => createHash('sha256').update(token).digest('hex');
