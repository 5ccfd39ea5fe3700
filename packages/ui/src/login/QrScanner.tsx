import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Icon } from "../icons/Icon";
import { qrScanner } from "../presentation";
import { BottomPopup } from "../primitives/BottomPopup";
import { Button } from "../primitives/Button";
import { AlbumQrButton } from "./AlbumQrButton";
import { centreCrop, loadJsQr } from "./qrDecode";
import type { DecodeQrImageOptions } from "./qrDecode";
import "./QrScanner.css";

/** The camera, as far as the scanner needs it (`navigator.mediaDevices` in a browser). */
export type CameraAccess = Pick<MediaDevices, "getUserMedia">;

export interface QrScannerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The decoded text of the identity-card QR code (from the camera or an album image). */
  readonly onResult: (text: string) => void;
  /** The camera could not be used (permission denied, no camera, or another failure). */
  readonly onError?: (error: unknown) => void;
  /**
   * The camera API (default `navigator.mediaDevices`); `null` means there is none. Stories and
   * tests pass their own.
   */
  readonly mediaDevices?: CameraAccess | null;
  /** How 'no QR code recognised' is told (spec §8: a browser alert). Default `window.alert`. */
  readonly alert?: (message: string) => void;
  /** How album images are read (tests). */
  readonly decodeOptions?: DecodeQrImageOptions;
}

/** Identity-card login by camera: a rear-camera view with a centred box, decoded at 10 fps. */
export function QrScanner(props: QrScannerProps) {
  const { t } = useLingui();
  return (
    <BottomPopup open={props.open} onClose={props.onClose} title={t`扫描身份卡二维码`}>
      <ScannerBody {...props} />
    </BottomPopup>
  );
}

type CameraState = "starting" | "scanning" | "denied" | "absent" | "failed";

function defaultCamera(): CameraAccess | null {
  if (typeof navigator === "undefined") return null;
  const devices = (navigator as { mediaDevices?: MediaDevices }).mediaDevices;
  return typeof devices?.getUserMedia === "function" ? devices : null;
}

function stateOfError(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "absent";
  return "failed";
}

function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => {
    track.stop();
  });
}

/** Mounted only while the popup is open: the camera runs exactly as long as it lives. */
function ScannerBody({ onResult, onError, mediaDevices, alert, decodeOptions }: QrScannerProps) {
  const { t } = useLingui();
  const [camera] = useState(() => (mediaDevices === undefined ? defaultCamera() : mediaDevices));
  const [state, setState] = useState<CameraState>(camera === null ? "absent" : "starting");
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const viewRef = useRef<HTMLDivElement | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const callbacks = useRef({ onResult, onError });
  useEffect(() => {
    callbacks.current = { onResult, onError };
  });

  useEffect(() => {
    if (camera === null) return undefined;
    let cancelled = false;
    // A function, so the checks after each await read the current value.
    const isCancelled = () => cancelled;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const video = videoRef.current;

    const stop = () => {
      cancelled = true;
      if (timer !== undefined) clearInterval(timer);
      stopStream(stream);
      stream = null;
      if (video) video.srcObject = null;
    };

    void (async () => {
      try {
        stream = await camera.getUserMedia({
          video: { facingMode: qrScanner.facingMode, aspectRatio: qrScanner.aspectRatio },
          audio: false,
        });
        if (isCancelled() || video === null) {
          stopStream(stream);
          return;
        }
        video.srcObject = stream;
        try {
          // Autoplay rules may refuse play(); the muted inline video still shows frames then.
          await video.play();
        } catch {
          // Scanning goes on.
        }
        const jsQR = await loadJsQr();
        if (isCancelled()) return;
        setState("scanning");
        const canvas = document.createElement("canvas");
        canvas.width = qrScanner.boxSize;
        canvas.height = qrScanner.boxSize;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        if (context === null) throw new Error("no 2d canvas");
        timer = setInterval(() => {
          if (isCancelled() || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
          if (video.videoWidth === 0 || video.videoHeight === 0) return;
          const view = viewRef.current?.getBoundingClientRect();
          const box = boxRef.current?.getBoundingClientRect().width ?? 0;
          const crop = centreCrop(
            video.videoWidth,
            video.videoHeight,
            view?.width ?? 0,
            view?.height ?? 0,
            box > 0 ? box : qrScanner.boxSize,
          );
          const size = qrScanner.boxSize;
          context.drawImage(video, crop.x, crop.y, crop.size, crop.size, 0, 0, size, size);
          const frame = context.getImageData(0, 0, size, size);
          const found = jsQR(frame.data, size, size, { inversionAttempts: "dontInvert" });
          if (found !== null && found.data !== "") {
            stop();
            callbacks.current.onResult(found.data);
          }
        }, 1000 / qrScanner.fps);
      } catch (error) {
        if (isCancelled()) return;
        stop();
        setState(stateOfError(error));
        callbacks.current.onError?.(error);
      }
    })();

    return stop;
  }, [camera, attempt]);

  const problem =
    state === "denied"
      ? t`无法使用相机：请在浏览器设置中允许访问相机，或从相册选择二维码图片。`
      : state === "absent"
        ? t`此设备或浏览器无法使用相机，请从相册选择二维码图片。`
        : state === "failed"
          ? t`相机打开失败，请重试或从相册选择二维码图片。`
          : null;

  return (
    <div className="pf-qr-scanner">
      <div ref={viewRef} className={`pf-qr-scanner__view pf-qr-scanner__view--${state}`}>
        <video
          ref={videoRef}
          className="pf-qr-scanner__video"
          muted
          playsInline
          aria-hidden="true"
          hidden={problem !== null}
        />
        {problem === null ? (
          <div ref={boxRef} className="pf-qr-scanner__box" aria-hidden="true" />
        ) : (
          <div className="pf-cover pf-qr-scanner__problem">
            <Icon name="camera" size={40} />
            <p role="alert">{problem}</p>
            {state === "absent" ? null : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setState("starting");
                  setAttempt((n) => n + 1);
                }}
              >
                {t`重试`}
              </Button>
            )}
          </div>
        )}
      </div>
      <p className="pf-qr-scanner__hint" role="status">
        {state === "starting"
          ? t`正在打开相机…`
          : state === "scanning"
            ? t`将身份卡二维码放入框内，即可自动扫描`
            : null}
      </p>
      <AlbumQrButton
        variant={problem === null ? "secondary" : "primary"}
        block
        onResult={(result) => {
          callbacks.current.onResult(result);
        }}
        alert={alert}
        decodeOptions={decodeOptions}
      />
    </div>
  );
}
