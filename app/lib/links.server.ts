import { env } from "./env.server";

/** The competitor registration link of a club (spec: the referral link). */
export function referralLink(token: string): string {
  return `${env().APP_URL}/auth/register/competitor?token=${encodeURIComponent(token)}`;
}
