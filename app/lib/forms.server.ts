// The form toolkit's server half: every action reads its form, checks CSRF and validates in one
// call, and answers a failed submission one way (status, the user's input back minus secrets, the
// first error as a toast).
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import type { z } from "zod";
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

/** A failed submission: the form re-renders with what the user typed (less `hide`) and a toast. */
export function replyWithError(
  submission: Submission<unknown>,
  message: string,
  {
    status = 400,
    hide = [] as string[],
    fieldErrors,
  }: { status?: number; hide?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  return json(
    {
      result: submission.reply({ hideFields: hide, ...(fieldErrors ? { fieldErrors } : {}) }),
      toast: { type: "error", message } as Toast,
    },
    status,
  );
}
