export { LoginPopup } from "./LoginPopup";
export type { LoginPopupProps } from "./LoginPopup";
export { QrScanner } from "./QrScanner";
export type { CameraAccess, QrScannerProps } from "./QrScanner";
export { AlbumQrButton } from "./AlbumQrButton";
export type { AlbumQrButtonProps } from "./AlbumQrButton";
export { centreCrop, decodeQrImage, decodeQrImageData } from "./qrDecode";
export type { Crop, DecodeQrImageOptions, ImageDataLike } from "./qrDecode";
