// Emails about orders: the order-paid email, with the receipt PDF attached. Called after the
// payment's transaction has committed (by the payment return and callback, and when an ADMIN sets
// an order to PAID); it never throws, so a failed email never fails a payment (it is logged). It
// speaks the owner's language (users.locale).
import { bundleFor } from "~/i18n/bundles";
import { env } from "~/lib/env.server";
import { mailLayout, sendMail } from "~/services/mailer.server";
import { orderPdf } from "./order-documents.server";
import { orderDocById } from "~/models/order-list.server";
import { formatRM } from "~/rules/format";

/** Tells the order's owner it is paid (with the receipt attached). Never throws: failures are
 * logged. Returns whether an email was sent (an unknown or unpaid order sends none). */
export async function sendOrderPaidEmail(editionId: number, orderId: number): Promise<boolean> {
  try {
    const doc = orderDocById(editionId, orderId);
    if (!doc) {
      console.error(`order-paid email: order #${orderId} not found`);
      return false;
    }
    if (doc.status !== "PAID") {
      console.warn(`order-paid email: order #${orderId} is ${doc.status}, not PAID; not sent`);
      return false;
    }
    // In the owner's language (users.locale), the attached receipt too.
    const locale = doc.ownerLocale;
    const { LABELS } = bundleFor(locale);
    const receipt = await orderPdf("receipt", doc, locale);
    await sendMail({
      to: doc.owner.email,
      subject: LABELS.orderPaidSubject(doc.id),
      ...mailLayout(
        LABELS.orderPaidTitle,
        [
          LABELS.mailHello(doc.owner.name || doc.owner.email),
          LABELS.orderPaidBody(formatRM(doc.total), doc.id, doc.team ?? ""),
          LABELS.orderPaidThanks(doc.regattaName),
        ],
        { href: `${env().APP_URL}/orders`, label: LABELS.orderPaidLink },
      ),
      attachments: [{ filename: "receipt.pdf", content: receipt, contentType: "application/pdf" }],
    });
    return true;
  } catch (error) {
    console.error(`order-paid email for order #${orderId} failed`, error);
    return false;
  }
}
