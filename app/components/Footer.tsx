import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";

/** The page footer in the page's language. */
export function Footer() {
  const { FOOTER } = useMessages();
  return <FooterOf footer={FOOTER} />;
}

/** The footer in the given language: for markup rendered outside the Remix router (the scoreboard). */
export function FooterOf({ footer }: { footer: Bundle["FOOTER"] }) {
  return (
    <footer className="footer">
      <span>{footer.copyright(new Date().getFullYear())}</span>
      <span>{footer.designer}</span>
    </footer>
  );
}
