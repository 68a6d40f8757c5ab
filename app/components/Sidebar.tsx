import { Form } from "@remix-run/react";
import type { Role } from "../../db/enums";
import { type AppEditions, EditionPicker } from "~/components/EditionPicker";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { CsrfInput, TaskInput } from "./PostForm";
import { NavAnchor, useNavAnchors } from "./NavAnchor";
import type { NavGroup } from "~/lib/access";
import { useMessages } from "~/i18n/useMessages";

/** Sidebar for logged-in users. On a phone it collapses behind a Menu toggle (a checkbox, so it
 * works without JavaScript). */
export function Sidebar({
  role,
  name,
  officialSite,
  editions = null,
  groups,
}: {
  role: Role;
  name: string;
  officialSite: string;
  /** Staff only: the edition picker (issue 21). */
  editions?: AppEditions | null;
  /** The links the user's role may follow, in the page's language (the layout's loader: navFor). */
  groups: NavGroup[];
}) {
  const bundle = useMessages();
  const { MSG, NAV, TITLES, LABELS } = bundle;
  const nav = useNavAnchors();
  return (
    <>
      <input type="checkbox" id="nav-toggle" className="nav-toggle" aria-label={NAV.menu} />
      <header className="topbar">
        <label htmlFor="nav-toggle" className="nav-toggle-label">
          <span aria-hidden="true">☰</span> {NAV.menu}
        </label>
        <span className="brand">{TITLES.appName}</span>
      </header>
      <aside className="sidebar">
        <div className="sidebar-brand">{TITLES.appName}</div>
        <div className="sidebar-user">
          <span>{name || "—"}</span>
          <small>{LABELS.roles[role]}</small>
        </div>
        {editions ? <EditionPicker editions={editions} /> : null}
        <nav aria-label={LABELS.mainNav}>
          <ul>
            <li>
              <a href={officialSite} target="_blank" rel="noopener noreferrer">
                {NAV.officialWebsite} <span aria-hidden="true">↗</span>
              </a>
            </li>
            <li>
              <NavAnchor to="/" end nav={nav}>
                {NAV.home}
              </NavAnchor>
            </li>
          </ul>
          {groups.map((g) => (
            <div key={g.label || "main"} className="nav-group">
              {g.label ? <h2>{g.label}</h2> : null}
              <ul>
                {g.items.map((item) => (
                  <li key={item.to}>
                    <NavAnchor to={item.to} nav={nav}>
                      {item.label}
                    </NavAnchor>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {role === "ADMIN" || role === "COMMITTEE" ? (
          <NavAnchor to="/password" className="btn btn-block" nav={nav}>
            {MSG.changePassword}
          </NavAnchor>
        ) : null}
        <Form method="post" action="/auth/logout" className="logout">
          <CsrfInput />
          <TaskInput task={LABELS.taskLoggingOut} />
          <button type="submit" className="btn btn-block">
            {NAV.logout}
          </button>
        </Form>
        <LanguageSwitch className="sidebar-lang" />
      </aside>
    </>
  );
}
