/** Who is calling: a user, or a guest session (`userId` null) of the public pages. */
export interface Caller {
  readonly userId: number | null;
  readonly sessionId: number;
  /** When the access token runs out (a stream opened with it ends then: the live chat's). */
  readonly expiresAt: Date;
  /** The user's membership as the session lookup found it (null for guests). */
  readonly membership: { readonly vipPermanent: boolean; readonly vipExpiresAt: Date | null } | null;
}

/**
 * Finds the caller of a bearer header (null: none, or not valid). The auth module provides it and
 * the server puts it in the context, so the HTTP layer authenticates without knowing the modules.
 */
export type Authenticate = (header: string | undefined) => Promise<Caller | null>;
