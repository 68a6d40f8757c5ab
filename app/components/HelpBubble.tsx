import { useMessages } from "~/i18n/useMessages";

/** The chat help bubble: opens the configured WhatsApp link. */
export function HelpBubble({ href }: { href: string }) {
  const { NAV } = useMessages();
  return (
    <a
      className="help-bubble"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={NAV.help}
      title={NAV.help}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Z"
        />
      </svg>
      <span className="visually-hidden">{NAV.help}</span>
    </a>
  );
}
