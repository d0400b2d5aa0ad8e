import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { OTP_LENGTH } from "latch-kit";
import { useCss } from "../hooks/useCss";
import { format, rendererStrings, useStrings } from "../strings";
import { codeInPastedText } from "./pasted-code";

/** Props of {@link OtpInput}. */
export interface OtpInputProps {
  /** Exactly OTP_LENGTH entries, "" for an empty box. */
  value: string[];
  /** Called with the digits on each change. */
  onChange: (value: string[]) => void;
  /** Called once all boxes hold a digit, with the joined code. */
  onComplete?: (code: string) => void;
  /** A paste with no code in it (see codeInPastedText). */
  onInvalidPaste?: () => void;
  isDisabled?: boolean;
  errorText?: string;
  label?: string;
  autoFocus?: boolean;
}

/** An empty code (one empty string per digit). */
export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => "");

/** The one-time code input: one field per digit, paste (the code found in the text) and auto-advance. */
export function OtpInput({ value, onChange, onComplete, onInvalidPaste, isDisabled, errorText, label, autoFocus }: OtpInputProps) {
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  // Disabling the focused box (while a code verifies) drops the focus to <body>; when the boxes
  // come back (a wrong code), the focus returns to the first empty one so typing goes on.
  const wasDisabled = useRef(isDisabled);
  useEffect(() => {
    const reEnabled = wasDisabled.current && !isDisabled;
    wasDisabled.current = isDisabled;
    const active = document.activeElement;
    if (reEnabled && (!active || active === document.body)) focus(Math.max(0, value.indexOf("")));
  });

  const commit = (next: string[]) => {
    onChange(next);
    if (next.every((d) => d !== "")) onComplete?.(next.join(""));
  };

  const fillAll = (text: string) => {
    const code = codeInPastedText(text);
    if (!code) {
      onInvalidPaste?.();
      return;
    }
    commit(code.split(""));
    focus(OTP_LENGTH - 1);
  };

  const onInput = (index: number, raw: string) => {
    // An autofill (or a long type-ahead) of the whole code lands in one box: spread it.
    if (raw.length >= OTP_LENGTH) return fillAll(raw);
    const digit = raw.replace(/\D/g, "").slice(-1);
    if (!digit) return;
    const next = [...value];
    next[index] = digit;
    commit(next);
    if (index < OTP_LENGTH - 1) focus(index + 1);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Backspace") {
      e.preventDefault();
      const next = [...value];
      next[index] = "";
      onChange(next);
      focus(index - 1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      focus(index - 1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fillAll(e.clipboardData.getData("text"));
  };

  const groupLabel = label ?? t.otpGroupLabel;
  const errorId = useId();
  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 8 })}>
      <div
        role="group"
        aria-label={groupLabel}
        aria-describedby={errorText ? errorId : undefined}
        className={css({ display: "flex", gap: 8, justifyContent: "center" })}
      >
        {value.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            autoFocus={autoFocus && index === 0}
            disabled={isDisabled}
            aria-label={format(t.otpDigitLabel, { index: index + 1, count: OTP_LENGTH })}
            aria-invalid={errorText ? true : undefined}
            onChange={(e) => onInput(index, e.target.value)}
            onKeyDown={(e) => onKeyDown(index, e)}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
            className={css({
              width: 44,
              height: 52,
              textAlign: "center",
              fontSize: 22,
              fontWeight: 600,
              borderRadius: 10,
              border: `1px solid ${errorText ? "var(--latch-danger)" : "var(--latch-border)"}`,
              background: "var(--latch-bg)",
              color: "var(--latch-fg)",
              boxSizing: "border-box",
              "&:focus": { outline: "2px solid var(--latch-focus)", outlineOffset: 1 },
              "&:disabled": { opacity: 0.6 },
              "@media (max-width: 360px)": { width: 38, height: 46 },
            })}
          />
        ))}
      </div>
      {errorText && (
        <p id={errorId} role="alert" className={css({ margin: 0, color: "var(--latch-danger)", fontSize: 13, textAlign: "center" })}>
          {errorText}
        </p>
      )}
    </div>
  );
}
