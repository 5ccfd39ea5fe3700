/**
 * A comment as the panel reads it: the field names of the api contract (`substance.commentList`,
 * spec §3), kept structural so the app passes the records it received straight in. Ids may be
 * strings or numbers; they are compared as text.
 */
export type CommentId = string | number;

/** A reply under a comment (an entry of its `childList`). */
export interface CommentReplyData {
  readonly id: CommentId;
  readonly commentUserId: CommentId;
  readonly commentUserName: string;
  readonly commentContent: string;
  /** Whom the reply answers, when it answers another reply. */
  readonly replyCommentUserName?: string | null;
  readonly createTime?: string | number | null;
  readonly commentUserAvatar?: string | null;
}

/** A comment of the list, with its first replies. */
export interface CommentData extends CommentReplyData {
  readonly createTime: string | number;
  readonly likeFlag?: boolean;
  readonly likeCount?: number;
  /** The first replies (2 from the server: spec §9), or all of them once loaded. */
  readonly childList?: readonly CommentReplyData[];
  /** How many replies exist in all (the server's `childCount`). */
  readonly childCount?: number;
  readonly replyCommentId?: CommentId | null;
}

/** Either a comment or a reply: what the action sheet and a reply can be about. */
export type AnyCommentData = CommentData | CommentReplyData;
