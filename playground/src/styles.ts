import { css } from "@emotion/css";

export const styles = {
  page: css({ fontFamily: "system-ui, sans-serif", color: "#111827", background: "#f9fafb", minHeight: "100vh" }),
  header: css({ display: "flex", justifyContent: "space-between", alignItems: "center", padding: "12px 20px", borderBottom: "1px solid #e5e7eb", background: "#fff" }),
  title: css({ margin: 0, fontSize: 20 }),
  nav: css({ display: "flex", gap: 16, a: { color: "#1d4ed8" } }),
  main: css({ display: "grid", gridTemplateColumns: "minmax(260px, 340px) 1fr", gap: 20, padding: 20, "@media (max-width: 767px)": { gridTemplateColumns: "1fr" } }),
  card: css({ background: "#fff", border: "1px solid #e5e7eb", borderRadius: 12, padding: 16, display: "flex", flexDirection: "column", gap: 12 }),
  h2: css({ margin: 0, fontSize: 16 }),
  field: css({ display: "flex", flexDirection: "column", gap: 4, fontSize: 14, "input, select": { font: "inherit", padding: "6px 8px", borderRadius: 6, border: "1px solid #9ca3af" } }),
  check: css({ display: "flex", alignItems: "center", gap: 8, fontSize: 14 }),
  button: css({ font: "inherit", padding: "8px 12px", borderRadius: 8, border: "1px solid #1d4ed8", background: "#1d4ed8", color: "#fff", cursor: "pointer", "&:disabled": { opacity: 0.6, cursor: "not-allowed" } }),
  secondary: css({ font: "inherit", padding: "8px 12px", borderRadius: 8, border: "1px solid #9ca3af", background: "#fff", color: "#111827", cursor: "pointer" }),
  mono: css({ fontFamily: "ui-monospace, monospace", fontSize: 12, wordBreak: "break-all", background: "#f3f4f6", padding: 8, borderRadius: 6, margin: 0 }),
  dl: css({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 12px", margin: 0, fontSize: 14, dd: { margin: 0, wordBreak: "break-all" }, dt: { color: "#4b5563" } }),
  banner: css({ margin: "12px 20px 0", padding: "10px 14px", borderRadius: 8, background: "#fef3c7", border: "1px solid #f59e0b", color: "#78350f" }),
  error: css({ color: "#b91c1c", fontSize: 14, margin: 0 }),
  log: css({ listStyle: "none", margin: 0, padding: 0, fontSize: 12, fontFamily: "ui-monospace, monospace", maxHeight: 200, overflow: "auto" }),
};
