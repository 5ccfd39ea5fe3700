export { CoverPicker } from "./CoverPicker";
export type { CoverPickerProps } from "./CoverPicker";
export { OwnVideoRow } from "./OwnVideoRow";
export type { OwnVideoRowProps, OwnerNotes } from "./OwnVideoRow";
export { TagEditor } from "./TagEditor";
export type { TagEditorProps } from "./TagEditor";
export { UploadProgress } from "./UploadProgress";
export type { UploadPhase, UploadProgressProps } from "./UploadProgress";
