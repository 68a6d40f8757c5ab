// The form toolkit's server half: every action reads its form, checks CSRF and validates in one
// call, and answers a failed submission one way (status, the user's input back minus secrets, the
// first error as a toast).
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod";
import { readForm } from "./csrf.server";
import type { Toast } from "./toast";

export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema });
  return { form, submission };
}

/** The first error message, in the schema's field order. */
export function firstError(submission: Submission<unknown>): string | null {
  if (submission.status === "success") return null;
  return Object.values(submission.error ?? {}).flat()[0] ?? null;
}

type ReplyOptions = {
  status?: number;
  hide?: string[];
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
};

/** A failed submission: the form re-renders with what the user typed (less `hide`, and with
 * `values` instead where given) and a toast. */
export function replyWithError(submission: Submission<unknown>, message: string, options: ReplyOptions = {}) {
  return replyWithToast(submission, { type: "error", message } as Toast, options);
}

/** replyWithError with another toast (a question), or none (the fields' own errors say it all). */
export function replyWithToast<T extends Toast | null>(
  submission: Submission<unknown>,
  toast: T,
  { status = 400, hide = [], fieldErrors, values }: ReplyOptions = {},
) {
  const result = submission.reply({ hideFields: hide, ...(fieldErrors ? { fieldErrors } : {}) });
  if (values && result.initialValue) Object.assign(result.initialValue, values);
  return json({ result, toast }, status);
}

/** For a form no user types into (a confirmation step, ids in hidden fields or boxes): the form's
 * values, or a 400 when they are not what the page sends (a forged or stale request). */
export async function parseFixedForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ form: FormData; value: z.output<Schema> }> {
  const { form, submission } = await parseForm(request, schema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  return { form, value: submission.value as z.output<Schema> };
}

/** A confirmation step's form: nothing but the CSRF token (checked). */
export const NO_FIELDS = z.object({});

/** A row id as a form sends it: digits, at most nine. */
export const idValue = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** The ids of boxes sharing one name (none ticked is an empty list), at most `max`. */
export const idValues = (max: number) => z.array(idValue).max(max);
