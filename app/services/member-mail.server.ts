// Emails about members: "your team manager approved you" (issue 8, item 8), in the member's language
// (users.locale; English without one). Sent after the approval's commit; a failed email is logged
// and the approval stands.
import { env } from "~/lib/env.server";
import { mailLayout, sendMail } from "~/services/mailer.server";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { EN } from "~/messages";
import { formatRM } from "~/rules/format";

export type ApprovedMember = { id: number; email: string; name: string; locale?: Locale };

export const MEMBER_APPROVED_SUBJECT = EN.LABELS.memberMailSubject;

/** Tells a member their team manager approved them, and that the crew tag fee comes next. */
export function sendMemberApprovedEmail(
  member: ApprovedMember,
  context: { team: string; manager: string; feeSen: number },
): Promise<void> {
  const { LABELS } = bundleFor(member.locale ?? "en");
  const team = context.team || LABELS.memberMailYourTeam;
  return sendMail({
    to: member.email,
    subject: LABELS.memberMailSubject,
    ...mailLayout(
      LABELS.memberMailTitle,
      [
        LABELS.mailHello(member.name || member.email),
        LABELS.memberMailLine(context.manager, team),
        LABELS.memberMailFee(formatRM(context.feeSen)),
      ],
      { href: `${env().APP_URL}/auth/login`, label: LABELS.memberMailLink },
    ),
  });
}

/** The emails of one approval, each on its own: a failure is logged, the others still go. */
export async function sendMembersApprovedEmails(
  members: ApprovedMember[],
  context: { team: string; manager: string; feeSen: number },
): Promise<void> {
  await Promise.allSettled(
    members.map((m) =>
      sendMemberApprovedEmail(m, context).catch((error) =>
        console.error(`member approved email to #${m.id} failed`, error),
      ),
    ),
  );
}
