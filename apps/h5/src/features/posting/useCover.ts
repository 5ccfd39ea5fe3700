import { useLingui } from "@lingui/react/macro";
import type { PlatformApi } from "@platform/api-client";
import { MessageKey, message, publicFileUrl, validateImageFile } from "@platform/domain";
import { useMessageText } from "@platform/ui";
import { useEffect, useRef, useState } from "react";
import { useErrorText } from "../../components/useErrorText";
import { updateDraft } from "./draft";
import type { DraftCover } from "./draft";
import { sizeText } from "./form";
import type { CreationConfig } from "./form";

export interface CoverState {
  /** What the picker previews: the chosen picture (an object URL) or the video's cover. */
  readonly previewUrl: string | null;
  /** The name of a picture sent before a reload by a draft that did not keep its bucket. */
  readonly fileName: string | null;
  /** The key of the picture sent, for the save. */
  readonly key: string | null;
  readonly busy: boolean;
  readonly error: string | null;
}

/**
 * The cover of the editor: a picture from the album (images only, spec §5, of the server's types
 * and size) is previewed at once and sent; the draft keeps its key. `keyForSave` waits for a
 * picture still being sent.
 */
export function useCover(input: {
  readonly api: Pick<PlatformApi, "uploadFile">;
  readonly config: CreationConfig;
  readonly owner: string;
  readonly slot: string;
  readonly currentUrl: string | null;
  readonly stored: DraftCover | null;
}) {
  const { api, config, owner, slot, currentUrl, stored } = input;
  const { t } = useLingui();
  const text = useMessageText();
  const errorText = useErrorText();
  // A picture sent before a reload shows from the server again; a draft without its bucket, by name.
  const storedUrl = stored?.bucket === undefined ? null : publicFileUrl(stored.bucket, stored.key);
  const [state, setState] = useState<CoverState>({
    previewUrl: stored === null ? currentUrl : storedUrl,
    fileName: stored === null || storedUrl !== null ? null : stored.name,
    key: stored?.key ?? null,
    busy: false,
    error: null,
  });
  const pending = useRef<Promise<string | null> | null>(null);
  const objectUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (objectUrl.current !== null) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const pick = (file: File) => {
    const notImage = validateImageFile(file);
    if (notImage !== null || !config.pictureTypes.includes(file.type)) {
      setState((s) => ({ ...s, error: text(notImage ?? message(MessageKey.imageOnly)) }));
      return;
    }
    if (file.size > config.pictureMaxBytes) {
      const max = sizeText(config.pictureMaxBytes);
      setState((s) => ({ ...s, error: t`封面图片不能超过 ${max}` }));
      return;
    }
    if (objectUrl.current !== null) URL.revokeObjectURL(objectUrl.current);
    const preview = URL.createObjectURL(file);
    objectUrl.current = preview;
    setState({ previewUrl: preview, fileName: null, key: null, busy: true, error: null });
    const sending = api
      .uploadFile(file, { uploadFileType: "PICTURE", quiet: true })
      .then(({ key, bucketEnum }) => {
        if (objectUrl.current !== preview) return null;
        updateDraft(owner, slot, (draft) => ({
          ...draft,
          cover: { key, name: file.name, bucket: bucketEnum },
        }));
        setState((s) => ({ ...s, key, busy: false }));
        return key;
      })
      .catch((error: unknown) => {
        const reason = errorText(error);
        if (objectUrl.current === preview)
          setState((s) => ({ ...s, busy: false, error: t`封面上传失败：${reason}` }));
        return null;
      });
    pending.current = sending;
  };

  return {
    state,
    pick,
    /** The key of the chosen picture, once sent (null: none chosen, or it failed). */
    keyForSave: async (): Promise<string | null> => {
      if (state.busy && pending.current !== null) return pending.current;
      return state.key;
    },
  };
}
