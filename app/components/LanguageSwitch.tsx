// The language switch (issue 12): a plain POST form to /lang with a button per other language,
// named in that language ("Bahasa Melayu", "English"), so it works without JavaScript and a reader
// of either language finds it. With JS it still reloads the document (reloadDocument), so the new
// language's strings load before hydration (app/i18n/bundles.ts).
import { Form, useLocation } from "@remix-run/react";
import { CsrfInput } from "~/components/PostForm";
import { LOCALE_NAMES, LOCALES } from "~/i18n/locale";
import { useLocale } from "~/i18n/useMessages";

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/lang" reloadDocument className={`lang-switch ${className}`.trim()}>
      <CsrfInput />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      {LOCALES.filter((l) => l !== locale).map((l) => (
        <button key={l} type="submit" name="locale" value={l} lang={l} className="btn btn-link">
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </Form>
  );
}
