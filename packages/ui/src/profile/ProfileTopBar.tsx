import { useLingui } from "@lingui/react/macro";
import { profileControls, validateImageFile } from "@platform/domain";
import { useRef, useState } from "react";
import type { ChangeEvent } from "react";
import { ImageFileInput } from "../common/ImageFileInput";
import { useMessageText } from "../i18n";
import { ActionSheet } from "../primitives/ActionSheet";
import type { ActionSheetAction } from "../primitives/ActionSheet";
import { IconButton } from "../primitives/IconButton";
import { PageHeader } from "../primitives/PageHeader";
import { useToast } from "../primitives/Toast";
import "./ProfileTopBar.css";

export interface ProfileTopBarProps {
  /** The viewer owns this profile: 'change background' instead of the Report menu. */
  readonly isOwner: boolean;
  readonly onBack: () => void;
  readonly onSearch: () => void;
  /** Report this profile (others' profiles only). */
  readonly onReport: () => void;
  /** The current background picture: 'view image' is offered when there is one. */
  readonly backgroundUrl?: string | null;
  readonly onViewBackground: () => void;
  /** An image file the owner took or chose (already checked to be an image). */
  readonly onPickBackground: (file: File) => void;
  /** A chosen file was not an image: it was refused with this message (also shown as a toast). */
  readonly onInvalidFile?: (message: string) => void;
  /** Open with a menu showing (stories). */
  readonly defaultMenuOpen?: boolean;
}

/** `profileControls` decides by ids; the bar is told only whether the viewer is the owner. */
const OWNER = "owner";

/**
 * The profile page's top bar (spec §2): back, search, and — on someone else's profile — a
 * three-dots menu with Report; the owner gets 'change background' (view image, photograph,
 * choose from album; image files only).
 */
export function ProfileTopBar({
  isOwner,
  onBack,
  onSearch,
  onReport,
  backgroundUrl,
  onViewBackground,
  onPickBackground,
  onInvalidFile,
  defaultMenuOpen = false,
}: ProfileTopBarProps) {
  const { t } = useLingui();
  const text = useMessageText();
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(defaultMenuOpen);
  const cameraRef = useRef<HTMLInputElement>(null);
  const albumRef = useRef<HTMLInputElement>(null);
  const controls = profileControls(OWNER, isOwner ? OWNER : null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clear it so choosing the same file again still fires a change.
    input.value = "";
    if (file === undefined) return;
    const problem = validateImageFile(file);
    if (problem !== null) {
      const sentence = text(problem);
      toast.show(sentence, { tone: "error" });
      onInvalidFile?.(sentence);
      return;
    }
    onPickBackground(file);
  };

  const takePhoto = () => {
    cameraRef.current?.click();
  };
  const chooseFromAlbum = () => {
    albumRef.current?.click();
  };
  const backgroundActions: readonly ActionSheetAction[] = [
    ...(backgroundUrl ? [{ key: "view", label: t`查看图片`, onSelect: onViewBackground }] : []),
    { key: "camera", label: t`拍照`, onSelect: takePhoto },
    { key: "album", label: t`从相册选择`, onSelect: chooseFromAlbum },
  ];
  const reportActions: readonly ActionSheetAction[] = [
    { key: "report", label: t`举报`, tone: "danger", onSelect: onReport },
  ];
  const actions = [
    ...(controls.changeBackground ? backgroundActions : []),
    ...(controls.report ? reportActions : []),
  ];

  const openMenu = () => {
    setMenuOpen(true);
  };

  return (
    <div className="pf-profile-top-bar">
      <PageHeader
        transparent
        onBack={onBack}
        right={
          <>
            <IconButton icon="search" label={t`搜索`} onClick={onSearch} />
            {controls.changeBackground ? (
              <IconButton icon="camera" label={t`更换背景`} aria-haspopup="dialog" onClick={openMenu} />
            ) : (
              <IconButton icon="more" label={t`更多操作`} aria-haspopup="dialog" onClick={openMenu} />
            )}
          </>
        }
      />
      {controls.changeBackground ? (
        <>
          <ImageFileInput
            ref={cameraRef}
            capture="environment"
            testId="background-camera"
            onChange={onFile}
          />
          <ImageFileInput ref={albumRef} testId="background-album" onChange={onFile} />
        </>
      ) : null}
      <ActionSheet
        open={menuOpen}
        onClose={() => {
          setMenuOpen(false);
        }}
        title={controls.changeBackground ? t`更换背景` : undefined}
        label={controls.changeBackground ? undefined : t`更多操作`}
        actions={actions}
      />
    </div>
  );
}
