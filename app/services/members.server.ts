// A team manager approves members (/members, Approve on Pending Approval): the approval in one
// transaction (models/member.server.ts: own association, right state, audited), then, after the
// commit, each approved member's email (member-mail.server.ts: a failed email is logged and the
// approval stands). See docs/decisions/0030-services.md.
import type { Scope } from "~/services/access.server";
import { type Approval, associationName, approveMembers as approveInDb } from "~/models/member.server";
import { getSettings } from "~/models/settings.server";
import type { User } from "~/models/user.server";
import { sendMembersApprovedEmails } from "./member-mail.server";

/** Approves the members of `ids` the manager may approve and emails them (the fee told is the
 * edition's). Returns the model's answer (`foreign`: nothing changed; else the members approved,
 * maybe none). */
export async function approveMembers(
  manager: User,
  editionId: number,
  scope: Scope,
  ids: number[],
): Promise<Approval> {
  const result = approveInDb(manager, scope, ids);
  if (result.kind === "foreign" || result.members.length === 0) return result;
  await sendMembersApprovedEmails(result.members, {
    team: associationName(scope),
    manager: manager.name || manager.email,
    feeSen: getSettings(editionId).crewTagFeeSen,
  });
  return result;
}
