import { useRouteLoaderData } from "@remix-run/react";

/** The hidden CSRF field every mutating form carries. */
export function CsrfInput() {
  const data = useRouteLoaderData<{ csrf?: string }>("root");
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}

/** A hidden field naming what the spinner says while this form is pending ("Logging in ..."). */
export function TaskInput({ task }: { task: string }) {
  return <input type="hidden" name="_task" value={task} />;
}
