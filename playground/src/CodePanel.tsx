import { useEffect, useRef, useState } from "react";
import type { KitDescription } from "./methods";
import { kitSnippet } from "./snippet";
import { estimateSize, kb, pluginSizes } from "./sizes";
import { styles } from "./styles";

/** The code of the current configuration, with a copy button, and what it would weigh. */
export function CodePanel({ description }: { description: KitDescription }) {
  const code = kitSnippet(description);
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState<"" | "copied" | "selected">("");
  useEffect(() => setCopied(""), [code]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("copied");
    } catch {
      // No clipboard permission: select the text so Ctrl-C copies it.
      const range = document.createRange();
      range.selectNodeContents(pre.current!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setCopied("selected");
    }
  };

  return (
    <section className={styles.card} aria-labelledby="code-title">
      <div className={styles.row}>
        <h2 id="code-title" className={`${styles.h2} ${styles.grow}`}>
          Your code
        </h2>
        <button type="button" className={styles.secondary} onClick={copy}>
          Copy code
        </button>
        <span role="status" className={styles.hint}>
          {copied === "copied" ? "Copied" : copied === "selected" ? "Selected: press Ctrl-C" : ""}
        </span>
      </div>
      <p className={styles.hint}>The exact code of the dialog on this page: only the chosen plugins are imported.</p>
      {/* Focusable so keyboard users can scroll it. */}
      <pre ref={pre} className={styles.code} data-testid="snippet" tabIndex={0} aria-label="Code for this configuration">
        {code}
      </pre>
      <SizePanel pluginIds={description.plugins.map((p) => p.id)} />
    </section>
  );
}

function SizePanel({ pluginIds }: { pluginIds: string[] }) {
  if (!pluginSizes) {
    return (
      <p className={styles.hint} data-testid="size">
        Bundle size: not measured yet. <code>npm start</code> measures it, or run <code>node bench/plugin-sizes.mjs</code>.
      </p>
    );
  }
  const estimate = estimateSize(pluginSizes, pluginIds);
  return (
    <div data-testid="size">
      <table className={styles.sizeTable}>
        <caption className={styles.hint} style={{ textAlign: "left", captionSide: "top", paddingBottom: 4 }}>
          What this configuration ships (gzip, react and react-dom not counted)
        </caption>
        <thead>
          <tr>
            <th scope="col">Entry</th>
            <th scope="col">gzip</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>latch-kit + latch-kit/react</td>
            <td>{kb(estimate.baseGzip)}</td>
          </tr>
          {estimate.perPlugin.map((p) => (
            <tr key={p.id}>
              <td>latch-kit/plugins/{p.id} alone</td>
              <td>{p.gzipBytes === null ? "not measured" : `+${kb(p.gzipBytes)}`}</td>
            </tr>
          ))}
          {estimate.perPlugin.length > 1 && (
            <tr>
              <td>these plugins together, shared code once</td>
              <td>+{kb(estimate.pluginsGzip)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <td>Total, about</td>
            <td data-testid="size-total">{kb(estimate.totalGzip)}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.hint}>
        An estimate from entries measured one by one at build time (<code>bench/plugin-sizes.mjs</code>, {new Date(pluginSizes.measuredAt).toLocaleString()}): the
        base plus the code the chosen plugins add, code they share counted once. Plugins mostly share the embedded signer, so the first one costs the most.
        {estimate.unmeasured.length > 0 && ` Not measured yet: ${estimate.unmeasured.join(", ")} (restart npm start).`}
      </p>
    </div>
  );
}
