import { useLingui } from "@lingui/react/macro";
import { StorageKey, validateImageFile } from "@platform/domain";
import { Avatar, Button, Dialog, Icon, useMessageText, useToast } from "@platform/ui";
import { useEffect, useId, useRef, useState } from "react";
import type { ChangeEvent } from "react";
import { usePatchProfile } from "../../app/session/queries";
import { useErrorText } from "../../components/useErrorText";
import { AvatarCropper } from "./AvatarCropper";
import { centred, cropToSquare } from "./avatarCrop";
import type { CropView } from "./avatarCrop";
import { useApi } from "../../app/useApi";

const DEFAULT_LOGO = "/logo.svg";

/** A picture cut to the avatar's square, with the URL that previews it. */
interface Cropped {
  readonly file: File;
  readonly url: string;
}

/** Where a new avatar is: none chosen, previewed, being sent or saved, or failed. */
type Phase =
  | { readonly kind: "idle" }
  | { readonly kind: "preview" }
  | { readonly kind: "uploading"; readonly percent: number }
  | { readonly kind: "saving" }
  | { readonly kind: "failed"; readonly reason: string };

/**
 * The avatar of /editprofile: a picture from the album or the (front) camera, images only (spec
 * §5), shown in a round crop that moves and zooms (AvatarCropper); confirmed, exactly what the crop
 * shows is cut to 512 × 512, uploaded (PICTURE, with its progress, cancellable) and made the avatar
 * (modifyAvatar with the upload's key and bucket).
 */
export function AvatarSection({ url }: { readonly url: string | null }) {
  const { t } = useLingui();
  const text = useMessageText();
  const errorText = useErrorText();
  const toast = useToast();
  const patchProfile = usePatchProfile();
  const api = useApi();
  const titleId = useId();
  const album = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Cropped | null>(null);
  const [view, setView] = useState<CropView>(centred);
  const [cropped, setCropped] = useState<Cropped | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  // The preview's URLs are freed when another picture replaces them, and when the screen closes.
  useEffect(
    () => () => {
      if (cropped !== null) URL.revokeObjectURL(cropped.url);
    },
    [cropped],
  );
  useEffect(
    () => () => {
      if (picked !== null) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same picture can be chosen again after a cancel.
    input.value = "";
    if (file === undefined) return;
    const notImage = validateImageFile(file);
    if (notImage !== null) {
      setProblem(text(notImage));
      return;
    }
    setProblem(null);
    setView(centred);
    setPicked({ file, url: URL.createObjectURL(file) });
    setPhase({ kind: "preview" });
  };

  const unreadable = () => {
    setPicked(null);
    setPhase({ kind: "idle" });
    setProblem(t`无法读取这张图片，请换一张`);
  };

  /** What the crop shows, cut to the avatar's square, then sent. */
  const cropAndSend = async (picture: Cropped, shown: CropView) => {
    let square: File;
    try {
      const blob = await cropToSquare(picture.file, shown);
      const type = blob.type === "" ? "image/jpeg" : blob.type;
      square = new File([blob], type === "image/png" ? "avatar.png" : "avatar.jpg", { type });
    } catch {
      unreadable();
      return;
    }
    const result = { file: square, url: URL.createObjectURL(square) };
    setCropped(result);
    setPicked(null);
    await send(result);
  };

  const send = async (picture: Cropped) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const uploaded = await api.uploadFile(picture.file, {
        uploadFileType: "PICTURE",
        signal: controller.signal,
        quiet: true,
        onProgress: (progress) => {
          if (!controller.signal.aborted)
            setPhase({ kind: "uploading", percent: Math.round(progress.fraction * 100) });
        },
      });
      if (controller.signal.aborted) return;
      setPhase({ kind: "saving" });
      const { avatarFileUrl } = await api.user.modifyAvatar(
        { avatarFilename: uploaded.key, avatarBucket: uploaded.bucketEnum },
        { quiet: true },
      );
      patchProfile({ avatarFileUrl });
      setPhase({ kind: "idle" });
      setCropped(null);
      toast.show(t`头像已更换`, { tone: "success" });
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = errorText(error);
      setPhase({ kind: "failed", reason: t`头像上传失败：${reason}` });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const cancelUpload = () => {
    running.current?.abort();
    running.current = null;
    setPhase({ kind: "idle" });
    setCropped(null);
    toast.show(t`已取消上传，头像未更改`);
  };

  const busy = phase.kind === "uploading" || phase.kind === "saving";
  const percent = phase.kind === "uploading" ? phase.percent : 100;
  const shown = busy || phase.kind === "failed" ? (cropped?.url ?? url) : url;
  return (
    <section className="h5-account-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="h5-account-card__title">
        {t`头像`}
      </h2>
      <div className="h5-account-avatar">
        <Avatar
          src={shown}
          fallbackSrc={api.client.storage.get(StorageKey.logo) ?? DEFAULT_LOGO}
          size={72}
          alt={t`当前头像`}
        />
        <div className="h5-account-avatar__buttons">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => album.current?.click()}>
            <Icon name="image" size={16} />
            {t`从相册选择`}
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => camera.current?.click()}>
            <Icon name="camera" size={16} />
            {t`拍照`}
          </Button>
        </div>
        <input
          ref={album}
          className="pf-visually-hidden"
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-album"
          onChange={choose}
        />
        <input
          ref={camera}
          className="pf-visually-hidden"
          type="file"
          accept="image/*"
          capture="user"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-camera"
          onChange={choose}
        />
      </div>
      {problem === null ? null : (
        <p className="h5-error" role="alert">
          {problem}
        </p>
      )}
      {busy ? (
        <div className="h5-account-card" aria-busy="true">
          <progress className="h5-account-progress" aria-label={t`上传进度`} max={100} value={percent} />
          <p className="h5-note" role="status">
            {phase.kind === "uploading" ? t`正在上传 ${percent}%` : t`正在保存头像…`}
          </p>
          {phase.kind === "uploading" ? (
            <div className="h5-actions">
              <Button variant="text" size="sm" onClick={cancelUpload}>
                {t`取消上传`}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {phase.kind === "failed" ? (
        <div className="h5-alert" role="alert">
          <p>{phase.reason}</p>
          {cropped === null ? null : (
            <Button variant="secondary" size="sm" onClick={() => void send(cropped)}>
              {t`重试`}
            </Button>
          )}
        </div>
      ) : null}
      <Dialog
        open={phase.kind === "preview" && picked !== null}
        title={t`预览头像`}
        confirmLabel={t`使用这张`}
        cancelLabel={t`取消`}
        onConfirm={() => {
          if (picked !== null) void cropAndSend(picked, view);
        }}
        onCancel={() => {
          setPhase({ kind: "idle" });
          setPicked(null);
        }}
      >
        {picked === null ? null : (
          <AvatarCropper src={picked.url} view={view} onChange={setView} onUnreadable={unreadable} />
        )}
      </Dialog>
    </section>
  );
}
