import type { ReactNode } from "react";
import { useMessages } from "~/i18n/useMessages";

/** A screen's heading and body; `empty` renders the spec's empty state. */
export function Screen({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="screen">
      <header className="screen-head">
        <h1>{title}</h1>
        {actions ? <div className="screen-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function Empty({ text }: { text?: string }) {
  const { MSG } = useMessages();
  return <p className="empty">{text ?? MSG.nothingToShow}</p>;
}

/** A screen a later issue builds: its title and the spec's empty state until then. */
export function Placeholder({ title, empty }: { title: string; empty?: string }) {
  return (
    <Screen title={title}>
      <Empty text={empty} />
    </Screen>
  );
}
