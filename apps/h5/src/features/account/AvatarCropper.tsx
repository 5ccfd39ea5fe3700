import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import type { KeyboardEvent, PointerEvent, WheelEvent } from "react";
import { MAX_ZOOM, moveView, shownSize, zoomView } from "./avatarCrop";
import type { CropView } from "./avatarCrop";

/** An arrow key moves the picture by this much of the crop; + and − zoom by this factor. */
const KEY_STEP = 0.05;
const KEY_ZOOM = 1.1;

interface Natural {
  readonly width: number;
  readonly height: number;
}

/**
 * The round crop of a new avatar: the chosen picture, dragged (one finger or the mouse) to move it
 * and pinched, wheeled or slid to zoom; with the crop focused, the arrows move it and + / − zoom.
 * The picture never leaves the crop uncovered. `view` is what is saved (avatarCrop `sourceRect`).
 */
export function AvatarCropper({
  src,
  view,
  onChange,
  onUnreadable,
}: {
  readonly src: string;
  readonly view: CropView;
  readonly onChange: (view: CropView) => void;
  readonly onUnreadable: () => void;
}) {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<Natural | null>(null);
  // The pointers down on the crop, where each last was (two of them pinch).
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  const move = (dx: number, dy: number) => {
    if (natural !== null) onChange(moveView(view, dx, dy, natural.width, natural.height));
  };
  const zoomTo = (zoom: number) => {
    if (natural !== null) onChange(zoomView(view, zoom, natural.width, natural.height));
  };
  const frameSide = () => Math.max(1, frame.current?.getBoundingClientRect().width ?? 1);
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a === undefined || b === undefined ? null : Math.hypot(a.x - b.x, a.y - b.y);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (last === undefined) return;
    const before = spread();
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const after = spread();
    if (before !== null && after !== null && before > 0) zoomTo(view.zoom * (after / before));
    else move((event.clientX - last.x) / frameSide(), (event.clientY - last.y) / frameSide());
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    zoomTo(view.zoom * Math.exp(-event.deltaY * 0.002));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, readonly [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const step = moves[event.key];
    if (step !== undefined) move(step[0], step[1]);
    else if (event.key === "+" || event.key === "=") zoomTo(view.zoom * KEY_ZOOM);
    else if (event.key === "-" || event.key === "_") zoomTo(view.zoom / KEY_ZOOM);
    else return;
    event.preventDefault();
  };

  const size = natural === null ? null : shownSize(view, natural.width, natural.height);
  const percent = (value: number) => `${(value * 100).toFixed(3)}%`;
  return (
    <div className="h5-avatar-crop">
      <div
        ref={frame}
        className="h5-avatar-crop__frame"
        role="group"
        tabIndex={0}
        aria-label={t`裁剪头像：拖动移动图片，双指或滚轮缩放；方向键移动，+ 和 - 缩放`}
        data-testid="avatar-crop"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        <img
          className="h5-avatar-crop__picture"
          src={src}
          alt={t`新头像预览`}
          draggable={false}
          style={
            size === null
              ? { visibility: "hidden" }
              : {
                  width: percent(size.width),
                  height: percent(size.height),
                  left: percent(0.5 + view.x - size.width / 2),
                  top: percent(0.5 + view.y - size.height / 2),
                }
          }
          onLoad={(event) => {
            const image = event.currentTarget;
            if (Math.min(image.naturalWidth, image.naturalHeight) > 0)
              setNatural({ width: image.naturalWidth, height: image.naturalHeight });
            else onUnreadable();
          }}
          onError={onUnreadable}
        />
      </div>
      <label className="h5-avatar-crop__zoom">
        <span>{t`缩放`}</span>
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={view.zoom}
          disabled={natural === null}
          onChange={(event) => {
            zoomTo(Number(event.currentTarget.value));
          }}
        />
      </label>
    </div>
  );
}
