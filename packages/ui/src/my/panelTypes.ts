/** The signed-in user as the panel shows them (the panel user-info response, spec §3). */
export interface MyPanelUser {
  readonly nickName: string;
  readonly avatarFileUrl?: string | null;
  /** The member ID people copy (not the internal user id). */
  readonly memberId: string;
  readonly isVip: boolean;
  readonly isPermanent: boolean;
  readonly remainDays?: number | null;
}

/** Balances in hundredths (the user-balance response): gold is the 'account' card. */
export interface MyPanelBalances {
  readonly gold: number;
  readonly wallet: number;
  readonly game: number;
}

/** Activity props (the props-list response): plain counts. */
export interface MyPanelActivityProps {
  readonly integral: number;
  readonly gameToken: number;
  readonly videoCard: number;
}
