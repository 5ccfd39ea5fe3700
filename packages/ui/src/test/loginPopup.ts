import { vi } from "vitest";
import type { LoginPopupProps } from "../login/LoginPopup";

/** The shared setup of the LoginPopup.*.test.tsx files. */

export function props(overrides: Partial<LoginPopupProps> = {}): LoginPopupProps {
  return {
    open: true,
    onClose: vi.fn(),
    onModeChange: vi.fn(),
    onSendCode: vi.fn(() => Promise.resolve(true)),
    onCodeLogin: vi.fn(() => Promise.resolve()),
    onPasswordLogin: vi.fn(() => Promise.resolve()),
    onRegister: vi.fn(() => Promise.resolve()),
    onResetPassword: vi.fn(() => Promise.resolve()),
    onIdCardQr: vi.fn(),
    alert: vi.fn(),
    mediaDevices: null,
    ...overrides,
  };
}

/** The inline problems shown under the fields, in order. */
export function fieldProblems(): string[] {
  return [...document.querySelectorAll(".pf-text-field__error")].map((node) => node.textContent);
}

/** The toasts on screen. */
export function toasts(): string[] {
  return [...document.querySelectorAll(".pf-toast")].map((node) => node.textContent);
}

export const zh = {
  phoneRequired: "请输入手机号",
  phoneInvalid: "请输入正确的手机号",
  code: "请输入 4 位验证码",
  password: "密码为 6-18 位",
};
export const en = {
  phoneRequired: "Phone number needed",
  phoneInvalid: "Please enter the correct mobile phone number",
  code: "Enter the four-digit code",
  password: "Password format: 6-18 characters",
};
