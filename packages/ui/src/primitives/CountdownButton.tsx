import { Trans, useLingui } from "@lingui/react/macro";
import { limits, smsResendRemaining } from "@platform/domain";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Button } from "./Button";
import type { ButtonVariant } from "./Button";
import "./CountdownButton.css";

export interface CountdownButtonProps {
  /** Sends (the SMS code); true starts the countdown, false or a throw leaves the button pressable. */
  readonly onSend: () => Promise<boolean> | boolean;
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
    let sent: boolean;
    try {
      sent = await onSend();
    } catch {
      sent = false;
    }
    if (!mounted.current) return;
    setSending(false);
    if (sent) {
      const at = Date.now();
      setNow(at);
      setStartedAt(at);
      onCountdownStart?.(at);
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
      {counting ? t`${remaining}s` : (label ?? <Trans>获取验证码</Trans>)}
    </Button>
  );
}
