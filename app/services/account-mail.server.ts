// The account emails (issue 30: composed in models/account.server.ts before): one action link each
// (verify, reset, a rejected photo), in the user's language. The tokens come from the token model;
// the mail goes through the queue (services/mailer.server.ts).
import { createToken } from "~/models/token.server";
import type { User } from "~/models/user.server";
import { env } from "~/lib/env.server";
import { bundleFor } from "~/i18n/bundles.server";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import { mailLayout, sendMail } from "./mailer.server";

type Recipient = Pick<User, "id" | "email" | "name"> & { locale?: Locale };

/** An email with one action link: a greeting, one paragraph, the link. */
function sendLinkEmail(
  user: Recipient,
  mail: { subject: string; title: string; body: string; href: string; label: string },
  { LABELS }: Bundle = EN,
) {
  return sendMail({
    to: user.email,
    subject: mail.subject,
    ...mailLayout(mail.title, [LABELS.mailHello(user.name || user.email), mail.body], {
      href: mail.href,
      label: mail.label,
    }),
  });
}

/** The verification email, in the user's language (users.locale; English without one). */
export function sendVerificationEmail(user: Recipient): Promise<void> {
  const t = bundleFor(user.locale ?? "en");
  return sendLinkEmail(
    user,
    {
      subject: t.LABELS.verifyMailSubject,
      title: t.LABELS.verifyMailTitle,
      body: t.LABELS.verifyMailBody,
      href: `${env().APP_URL}/auth/verify/${createToken(user.id, "VERIFY_EMAIL")}`,
      label: t.LABELS.verifyMailLink,
    },
    t,
  );
}

/** The password reset email, in the user's language (users.locale; English without one). */
export function sendPasswordResetEmail(user: Recipient): Promise<void> {
  const t = bundleFor(user.locale ?? "en");
  return sendLinkEmail(
    user,
    {
      subject: t.LABELS.resetMailSubject,
      title: t.LABELS.resetMailTitle,
      body: t.LABELS.resetMailBody,
      href: `${env().APP_URL}/auth/reset?token=${createToken(user.id, "RESET_PASSWORD")}`,
      label: t.LABELS.resetMailLink,
    },
    t,
  );
}

/** Tells a member their photo was not accepted and asks for a new one (from their profile), in
 * their language (users.locale; English without one). */
export function sendPhotoRejectedEmail(user: Recipient): Promise<void> {
  const t = bundleFor(user.locale ?? "en");
  return sendLinkEmail(
    user,
    {
      subject: t.LABELS.photoMailSubject,
      title: t.LABELS.photoMailTitle,
      body: t.LABELS.photoMailBody,
      href: `${env().APP_URL}/auth/login`,
      label: t.LABELS.photoMailLink,
    },
    t,
  );
}
