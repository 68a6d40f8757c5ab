// The staff console's emails in each recipient's language (issue 12, users.locale): the member
// approved by their team manager and the member whose photo was rejected; English by default.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { env } from "~/lib/env.server";
import { mailSenderIdle } from "~/services/mailer.server";
import { MEMBER_APPROVED_SUBJECT, sendMemberApprovedEmail } from "~/services/member-mail.server";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { sendPhotoRejectedEmail } from "~/services/account-mail.server";

/** The mails `send` wrote to the outbox, by recipient. */
async function mailsOf(send: () => Promise<unknown>) {
  const outbox = env().OUTBOX_DIR;
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  await send();
  await mailSenderIdle(); // queued, then sent by the mail queue's sender
  const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
  const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
  return (email: string) => mails.find((m) => m.to && "text" in m.to && m.to.text.includes(email));
}

const stamp = Date.now();
const ms = { id: 1, email: `ms-${stamp}@example.test`, name: "SITI", locale: "ms" as const };
const en = { id: 2, email: `en-${stamp}@example.test`, name: "JOHN" };

describe("staff console emails in the recipient's language", () => {
  it("member approved: Malay for a Malay member, English without a locale", async () => {
    const context = { team: "Penang Dragons", manager: "LIM", feeSen: 3000 };
    const to = await mailsOf(() =>
      Promise.all([sendMemberApprovedEmail(ms, context), sendMemberApprovedEmail(en, context)]),
    );
    expect(to(ms.email)?.subject).toBe(MS.LABELS.memberMailSubject);
    expect(to(ms.email)?.text).toContain(MS.LABELS.memberMailLine("LIM", "Penang Dragons"));
    expect(to(ms.email)?.text).toContain(MS.LABELS.memberMailFee("RM 30.00"));
    expect(to(en.email)?.subject).toBe(MEMBER_APPROVED_SUBJECT);
    expect(to(en.email)?.text).toContain(
      "Your team manager LIM has approved you as a member of Penang Dragons.",
    );
  });

  it("photo rejected: Malay for a Malay member, English without a locale", async () => {
    const to = await mailsOf(() => Promise.all([sendPhotoRejectedEmail(ms), sendPhotoRejectedEmail(en)]));
    expect(to(ms.email)?.subject).toBe(MS.LABELS.photoMailSubject);
    expect(to(ms.email)?.text).toContain(MS.LABELS.mailHello("SITI"));
    expect(to(en.email)?.subject).toBe("Please upload a new photo for your crew tag");
    expect(to(en.email)?.text).toContain(EN.LABELS.photoMailBody);
  });
});
