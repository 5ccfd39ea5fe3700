import type { CoverFields } from "@platform/domain";

/**
 * The fields the video cards read (spec §3 Video). Structural and lenient on purpose: the app passes
 * `@platform/api-client`'s video objects (list items, details) as they are, and fields a list does
 * not send may be missing or null.
 */
export interface VideoCardData extends CoverFields {
  readonly id: string;
  readonly videoTitle: string;
  /** The author's name: `nickName`, else `createUserName` (domain `authorNameOf`). */
  readonly nickName?: string | null;
  readonly createUserName?: string | null;
  /** Length in milliseconds. */
  readonly videoLength: number;
  readonly playCount?: number | null;
  /** FREE, SVIP ('super' badge), CHARGE ('pay' badge); other values show no badge. */
  readonly watchLevel?: string | null;
  /** When the video passed review ("YYYY-MM-DD HH:mm:ss", ISO 8601 or epoch ms); none while in review. */
  readonly auditTime?: string | number | null;
  /** Where this viewer stopped watching, in milliseconds. */
  readonly seenMs?: number | null;
  /** Upload and review status code (spec §3: 15, 10, 20…77, 18…86, 99). */
  readonly type?: number | null;
  /** Client-only selection flag of editable lists (spec §3); the `selected` prop wins over it. */
  readonly isSelected?: boolean | null;
}
