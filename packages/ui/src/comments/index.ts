export { CommentPanel } from "./CommentPanel";
export type { CommentPanelProps } from "./CommentPanel";
export { CommentAvatar } from "./CommentItem";
export type { AnyCommentData, CommentData, CommentId, CommentReplyData } from "./types";
