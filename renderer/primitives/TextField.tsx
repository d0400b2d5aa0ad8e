import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useCss } from "../hooks/useCss";
import { inputStyle } from "./inputStyle";
import { visuallyHidden } from "./visuallyHidden";

/** Props of the dialog's text field: a native input's, a label, and a controlled value with its error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "className"> {
  /** The field's label (its accessible name). */
  label: ReactNode;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  value: string;
  /** Called with the new value on each change. */
  onChange: (value: string) => void;
  isInvalid?: boolean;
  /** Shown under the field while it is invalid, and linked to it (`aria-describedby`). */
  errorMessage?: ReactNode;
  /** Drawn over the input's start and end (an icon, a button); pad the input for them with `inputClassName`. */
  start?: ReactNode;
  end?: ReactNode;
  className?: string;
  inputClassName?: string;
}

/** A labelled native text input with its error message: `aria-invalid` and `aria-describedby` set for it. */
export function TextField({ label, hideLabel, value, onChange, isInvalid, errorMessage, start, end, className, inputClassName, ...input }: TextFieldProps) {
  const { css, cx } = useCss();
  const id = useId();
  const errorId = `${id}-error`;
  const showError = isInvalid && errorMessage != null;
  const describedBy = [input["aria-describedby"], showError ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  const field = (
    <input
      {...input}
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={isInvalid || undefined}
      aria-describedby={describedBy}
      className={cx(css(inputStyle), inputClassName)}
    />
  );
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: 4 }), className)}>
      <label htmlFor={id} className={hideLabel ? css(visuallyHidden) : undefined}>
        {label}
      </label>
      {start || end ? (
        <div className={css({ position: "relative", display: "flex", alignItems: "center" })}>
          {start}
          {field}
          {end}
        </div>
      ) : (
        field
      )}
      {showError && (
        <span id={errorId} className={css({ color: "var(--latch-danger)", fontSize: 13 })}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
