import type { ReactNode } from "react";
import { MSG } from "~/messages";

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

export function Empty({ text = MSG.nothingToShow }: { text?: string }) {
  return <p className="empty">{text}</p>;
}

/** A screen a later issue builds: its title and the spec's empty state until then. */
export function Placeholder({ title, empty }: { title: string; empty?: string }) {
  return (
    <Screen title={title}>
      <Empty text={empty} />
    </Screen>
  );
}
