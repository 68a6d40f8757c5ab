import { Outlet } from "@remix-run/react";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { TITLES } from "~/messages";

/** Plain layout for logged-out pages. */
export default function AuthLayout() {
  return (
    <main className="plain">
      <div className="plain-brand">{TITLES.appName}</div>
      <LanguageSwitch className="plain-lang" />
      <Outlet />
    </main>
  );
}
