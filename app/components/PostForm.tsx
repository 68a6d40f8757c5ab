// A POST form and its hidden fields: the CSRF token every mutating form carries and the text the
// spinner shows while it is pending (one module: every page loads both).
import { Form, type FormProps, useRouteLoaderData } from "@remix-run/react";

/** The hidden CSRF field every mutating form carries. */
export function CsrfInput() {
  const data = useRouteLoaderData<{ csrf?: string }>("root");
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}

/** A hidden field naming what the spinner says while this form is pending ("Logging in ..."). */
export function TaskInput({ task }: { task: string }) {
  return <input type="hidden" name="_task" value={task} />;
}

/** A POST form with its CSRF field and the spinner's task text ("Creating user" ...). */
export function PostForm({ task, children, ...props }: Omit<FormProps, "method"> & { task: string }) {
  return (
    <Form method="post" {...props}>
      <CsrfInput />
      <TaskInput task={task} />
      {children}
    </Form>
  );
}
