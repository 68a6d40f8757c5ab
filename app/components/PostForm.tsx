import { Form, type FormProps } from "@remix-run/react";
import { CsrfInput, TaskInput } from "./CsrfInput";

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
