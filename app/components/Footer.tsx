import { FOOTER } from "~/messages";

export function Footer() {
  return (
    <footer className="footer">
      <span>{FOOTER.copyright(new Date().getFullYear())}</span>
      <span>{FOOTER.designer}</span>
    </footer>
  );
}
