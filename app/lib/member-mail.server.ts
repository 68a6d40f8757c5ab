// Emails about members: "your team manager approved you" (issue 8, item 8). Sent after the
// approval's commit; a failed email is logged and the approval stands.
import { env } from "./env.server";
import { mailLayout, sendMail } from "./mailer.server";
import { formatRM } from "~/rules/format";

export type ApprovedMember = { id: number; email: string; name: string };

export const MEMBER_APPROVED_SUBJECT = "You have been approved by your team manager";

/** Tells a member their team manager approved them, and that the crew tag fee comes next. */
export function sendMemberApprovedEmail(
  member: ApprovedMember,
  context: { team: string; manager: string; feeSen: number },
): Promise<void> {
  const team = context.team || "your team";
  return sendMail({
    to: member.email,
    subject: MEMBER_APPROVED_SUBJECT,
    ...mailLayout(
      "You have been approved",
      [
        `Hello ${member.name || member.email},`,
        `Your team manager ${context.manager} has approved you as a member of ${team}.`,
        `Next step: the crew tag fee of ${formatRM(context.feeSen)}, which your team manager pays online for the team. Once it is paid you receive your crew tag and can be picked for event teams.`,
      ],
      { href: `${env().APP_URL}/auth/login`, label: "Log in to Regatta" },
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
