import { elementHtml } from "~/rules/html";

const toneOf = (ok: boolean | "warn") => (ok === "warn" ? "badge-warn" : ok ? "badge-ok" : "badge-pending");

export function StatusBadge({ ok, children }: { ok: boolean | "warn"; children: React.ReactNode }) {
  return <span className={`badge ${toneOf(ok)}`}>{children}</span>;
}

/** The badge's markup with `text` in it, for a table body written as one string (DataTable's `html`). */
export const statusBadgeHtml = (ok: boolean | "warn", text: string) =>
  elementHtml("span", { class: `badge ${toneOf(ok)}` }, text);
