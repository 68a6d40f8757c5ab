export function StatusBadge({ ok, children }: { ok: boolean | "warn"; children: React.ReactNode }) {
  const tone = ok === "warn" ? "badge-warn" : ok ? "badge-ok" : "badge-pending";
  return <span className={`badge ${tone}`}>{children}</span>;
}
