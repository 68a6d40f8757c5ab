// Opening an edition (issue 21): the model makes it the current one in one transaction (the open one
// archived, every member's crew tag fee due again; models/edition.server.ts openEdition), then,
// after that commit, the managers of the clubs that took part in the edition just archived are
// emailed, each in their own language (users.locale), that the new one is open for entries, with a
// link to the events page and the fee due again. The emails go through the mail queue
// (services/mailer.server.ts, ADR 0037): the Open stands whatever the mail server does, the toast says
// how many were emailed (queued: each is delivered when the mail server answers), and only an email
// that could not even be queued (the database) is logged and counted as failed.
import type { Failure } from "~/rules/failure";
import { bundleFor } from "~/i18n/bundles";
import { isLocale } from "~/i18n/locale";
import { EN } from "~/messages";
import { env } from "~/lib/env.server";
import { mailLayout, type SendMailOptions, sendMail } from "~/services/mailer.server";
import type { Actor } from "~/models/audit.server";
import { type Edition, managersOfEdition, openEdition } from "~/models/edition.server";

/** The subject in English ("Regatta 2027 is open for entries"); Malay: LABELS.edScMailSubject. */
export const editionOpenSubject = (name: string) => EN.LABELS.edScMailSubject(name);

type Manager = ReturnType<typeof managersOfEdition>[number];

/** The email telling one manager that `edition` is open, in their language. */
export function sendEditionOpenEmail(
  manager: Manager,
  edition: Pick<Edition, "name">,
  previous: Pick<Edition, "name">,
  options: SendMailOptions = {},
): Promise<void> {
  const { LABELS } = bundleFor(isLocale(manager.locale) ? manager.locale : "en");
  return sendMail(
    {
      to: manager.email,
      subject: LABELS.edScMailSubject(edition.name),
      ...mailLayout(
        LABELS.edScMailSubject(edition.name),
        [
          LABELS.mailHello(manager.name || manager.email),
          LABELS.edScMailBody(edition.name, previous.name),
          LABELS.edScMailFee,
        ],
        { href: `${env().APP_URL}/events`, label: LABELS.edScMailLink },
      ),
    },
    options,
  );
}

export type OpenOutcome =
  | { ok: true; edition: Edition; previous: Edition | null; emailed: number; failed: number }
  | Failure<"missing" | "not-draft">;

/** Opens a DRAFT edition (audited, one transaction), then queues the previous edition's managers'
 * emails. Never fails because of the mail: each is queued on its own, a failure logged and counted. */
export async function openEditionAndInvite(
  actor: Actor,
  id: number,
  mailOptions: SendMailOptions = {},
): Promise<OpenOutcome> {
  const opened = openEdition(actor, id);
  if (!opened.ok) return opened;
  const { edition, previous } = opened;
  let managers: Manager[] = [];
  try {
    managers = previous ? managersOfEdition(previous.id) : [];
  } catch (error) {
    console.error(`editions: listing the managers of #${previous?.id} failed`, error);
  }
  const sent = await Promise.allSettled(
    managers.map((m) =>
      sendEditionOpenEmail(m, edition, previous as Edition, mailOptions).catch((error) => {
        console.error(`editions: the opening email to user #${m.id} failed`, error);
        throw error;
      }),
    ),
  );
  const emailed = sent.filter((s) => s.status === "fulfilled").length;
  return { ok: true, edition, previous, emailed, failed: sent.length - emailed };
}
