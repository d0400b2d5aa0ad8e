import { Fragment, type ComponentType, type ReactNode } from "react";
import { errorTextKey, isTimeoutError, UnimplementedSectionError, type SectionProps, type StepProps } from "latch-kit";
import { useErrorText } from "../hooks/useErrorText";
import { useCss } from "../hooks/useCss";
import { Divider } from "../primitives/Divider";
import { rendererStrings, useStrings } from "../strings";

/** The `initial` step: title, optional header, the failure banner, and the configured sections. */
export function InitialScreen({ kit, step }: StepProps<"initial">) {
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  const errorText = useErrorText();
  const auth = kit.config.ui.auth;
  const groups = auth?.sections ?? [];
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: 16 })}>
      {auth?.header ? <div>{auth.header as ReactNode}</div> : null}
      {!auth?.hideSignInText && (
        <h2 className={css({ margin: 0, textAlign: "center", fontSize: 20, fontWeight: 700 })}>
          {t.signIn}
        </h2>
      )}
      {step.error && (
        <div
          role="alert"
          className={css({
            padding: "10px 12px",
            borderRadius: 10,
            background: "var(--latch-danger-bg)",
            color: "var(--latch-danger)",
            fontSize: 14,
          })}
        >
          {isTimeoutError(step.error) ? (
            <span>{t.timeout}</span>
          ) : (
            <>
              <strong className={css({ display: "block" })}>{t.genericErrorTitle}</strong>
              {/* The server refusing the app itself: another method would fail too; say why (the console says how to fix it). */}
              <span>{errorTextKey(step.error) === "appNotAuthorised" ? errorText(step.error) : t.genericErrorBody}</span>
            </>
          )}
        </div>
      )}
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 && <Divider />}
          <div className={css({ display: "flex", flexDirection: "column", gap: 10 })}>
            {group.map((section, i) => {
              const definition = kit.section(section.type);
              if (!definition) throw new UnimplementedSectionError(section.type);
              const Section = definition.Component as ComponentType<SectionProps>;
              return <Section key={`${section.type}-${i}`} kit={kit} config={section} />;
            })}
          </div>
        </Fragment>
      ))}
    </div>
  );
}

/** The `initial` footer: the terms-of-service notice. */
export function TermsFooter() {
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  // The spec's text, lower case as written.
  return <p className={css({ margin: 0 })}>{t.termsNotice}</p>;
}
