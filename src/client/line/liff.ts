/**
 * The only module that loads @line/liff (through liff-sdk.ts), and only dynamically: the SDK is large and must load under
 * /line inside LINE's LIFF browser and nowhere else (docs/decisions/007). Browser tests replace this one
 * import with a fake at build time (docs/decisions/008).
 */

/** The few SDK calls we use, so the rest of the chunk depends on this shape and not on the SDK. */
export interface LiffSdk {
  init(config: { liffId: string }): Promise<void>;
  isLoggedIn(): boolean;
  login(config?: { redirectUri?: string }): void;
  getIDToken(): string | null;
  /** The LIFF access token, passed with a number for the MINI App's service messages (decision 051). */
  getAccessToken(): string | null;
  /** Whether the user added the official account linked to this LIFF app. */
  getFriendship(): Promise<{ friendFlag: boolean }>;
}

export type LiffLoader = () => Promise<LiffSdk>;

export const loadLiff: LiffLoader = async () => (await import('./liff-sdk.js')).default;
