import { Trans, useLingui } from "@lingui/react/macro";
import { durationOf, limits, smsResendRemaining } from "@platform/domain";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Button } from "./Button";
import type { ButtonVariant } from "./Button";
import "./CountdownButton.css";

/**
 * What a press came to: true, sent (the full countdown); false, not sent (pressable again); or the
 * server refused for now and said how long to wait (the countdown runs from that).
 */
export type CountdownSendResult = boolean | { readonly waitSeconds: number };

export interface CountdownButtonProps {
  /** Sends (the SMS code); see `CountdownSendResult`. A throw leaves the button pressable. */
  readonly onSend: () => Promise<CountdownSendResult> | CountdownSendResult;
  /** Length of the countdown (default 60 s, spec §9). */
  readonly seconds?: number;
  /** The label while it can be pressed (default 'get code'). */
  readonly label?: ReactNode;
  readonly disabled?: boolean;
  readonly variant?: ButtonVariant;
  readonly size?: "md" | "sm";
  /**
   * When a send happened before this button mounted (ms since the epoch), so the countdown
   * survives a remount (e.g. the login popup switching modes). Read on mount only.
   */
  readonly startedAt?: number | null;
  /** Called with the send time when a countdown starts (to keep it for `startedAt`). */
  readonly onCountdownStart?: (startedAt: number) => void;
}

/**
 * Seconds left of a countdown of `seconds` begun at `startedAt`: the domain's SMS resend rule
 * (measured from the send time, so a backgrounded tab cannot stretch it), shifted for other lengths.
 */
function remainingOf(startedAt: number | null, now: number, seconds: number): number {
  if (startedAt === null) return 0;
  return smsResendRemaining(startedAt + (seconds - limits.smsResendSeconds) * 1000, now);
}

/** Seconds to count down after a press: the full length when sent, the server's wait if refused. */
function waitOf(result: CountdownSendResult, seconds: number): number {
  if (result === true) return seconds;
  if (result === false) return 0;
  const wait = Math.ceil(result.waitSeconds);
  return Number.isFinite(wait) && wait > 0 ? wait : 0;
}

/**
 * The 'get code' button: pressing it sends; once sent it shows 'Ns' counting down and cannot be
 * pressed until it reaches 0 (spec §4). While sending it is busy.
 */
export function CountdownButton({
  onSend,
  seconds = limits.smsResendSeconds,
  label,
  disabled = false,
  variant = "text",
  size = "sm",
  startedAt: initialStartedAt = null,
  onCountdownStart,
}: CountdownButtonProps) {
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(initialStartedAt);
  const [now, setNow] = useState(() => Date.now());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const remaining = remainingOf(startedAt, now, seconds);
  const counting = remaining > 0;

  // Wake exactly when the shown number changes (the domain rule measures from the send time, so a
  // late timer cannot stretch the countdown). The timers chain themselves, not through renders, and
  // start in a layout effect: they exist as soon as the number is on screen.
  useLayoutEffect(() => {
    if (startedAt === null) return undefined;
    const untilNextChange = (msLeft: number) =>
      Math.max(1, msLeft - Math.max(0, Math.ceil(msLeft / 1000) - 1) * 1000);
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (remainingOf(startedAt, at, seconds) === 0) {
        setStartedAt(null);
        return;
      }
      timer = setTimeout(tick, untilNextChange(seconds * 1000 - (at - startedAt)));
    };
    timer = setTimeout(tick, untilNextChange(seconds * 1000 - (Date.now() - startedAt)));
    return () => {
      clearTimeout(timer);
    };
  }, [startedAt, seconds]);

  const send = async () => {
    if (sending || counting || disabled) return;
    setSending(true);
    let result: CountdownSendResult;
    try {
      result = await onSend();
    } catch {
      result = false;
    }
    if (!mounted.current) return;
    setSending(false);
    const wait = waitOf(result, seconds);
    if (wait > 0) {
      const at = Date.now();
      // A countdown of `wait` seconds is one of `seconds` that began `seconds - wait` ago.
      const began = at - (seconds - wait) * 1000;
      setNow(at);
      setStartedAt(began);
      onCountdownStart?.(began);
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      busy={sending}
      disabled={disabled || counting}
      className="pf-countdown-button"
      onClick={() => {
        void send();
      }}
    >
      {/* '47s' below a hundred seconds; a longer wait (a daily limit) as m:ss or h:mm:ss. */}
      {counting
        ? remaining < 100
          ? t`${remaining}s`
          : durationOf(remaining * 1000)
        : (label ?? <Trans>获取验证码</Trans>)}
    </Button>
  );
}
