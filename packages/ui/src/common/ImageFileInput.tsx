import type { ChangeEvent, Ref } from "react";

export interface ImageFileInputProps {
  /** The visible control that opens the picker clicks the input through this ref. */
  readonly ref: Ref<HTMLInputElement>;
  /** Asks phones for a camera instead of the file picker (`environment`: the rear one). */
  readonly capture?: "environment" | "user";
  /** Its `data-testid` (tests and the app's end-to-end tests choose a file through it). */
  readonly testId: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The hidden `<input type="file">` behind a 'choose a picture' control: images only, out of the
 * tab order and hidden from screen readers (the visible button or menu item that clicks it is the
 * one they reach).
 */
export function ImageFileInput({ ref, capture, testId, onChange }: ImageFileInputProps) {
  return (
    <input
      ref={ref}
      className="pf-visually-hidden"
      type="file"
      accept="image/*"
      capture={capture}
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={onChange}
    />
  );
}
