import "~/i18n/routes/auth";
import { Outlet } from "@remix-run/react";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { useMessages } from "~/i18n/useMessages";

/** Plain layout for logged-out pages. */
export default function AuthLayout() {
  const { TITLES } = useMessages();
  return (
    <main className="plain">
      <div className="plain-brand">{TITLES.appName}</div>
      <LanguageSwitch className="plain-lang" />
      <Outlet />
    </main>
  );
}
