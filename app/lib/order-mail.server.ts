// Emails about orders: the order-paid email, with the receipt PDF attached. Called after the
// payment's transaction has committed (by the payment return and callback, and when an ADMIN sets
// an order to PAID); it never throws, so a failed email never fails a payment (it is logged).
import { env } from "~/lib/env.server";
import { mailLayout, sendMail } from "~/lib/mailer.server";
import { orderPdf } from "~/lib/pdf.server";
import { orderDocById } from "~/models/order-list.server";
import { getSettings } from "~/models/settings.server";
import { formatRM } from "~/rules/format";

/** Tells the order's owner it is paid (with the receipt attached). Never throws: failures are
 * logged. Returns whether an email was sent (an unknown or unpaid order sends none). */
export async function sendOrderPaidEmail(orderId: number): Promise<boolean> {
  try {
    const { regattaName } = getSettings();
    const doc = orderDocById(orderId, regattaName);
    if (!doc) {
      console.error(`order-paid email: order #${orderId} not found`);
      return false;
    }
    if (doc.status !== "PAID") {
      console.warn(`order-paid email: order #${orderId} is ${doc.status}, not PAID; not sent`);
      return false;
    }
    const receipt = await orderPdf("receipt", doc);
    const team = doc.team ? ` for ${doc.team}` : "";
    await sendMail({
      to: doc.owner.email,
      subject: `Payment received: order #${doc.id}`,
      ...mailLayout(
        "Payment received",
        [
          `Hello ${doc.owner.name || doc.owner.email},`,
          `We have received your payment of ${formatRM(doc.total)} for order #${doc.id}${team}. Your receipt is attached to this email (receipt.pdf).`,
          `Thank you for taking part in ${regattaName}. Orders are non-refundable.`,
        ],
        { href: `${env().APP_URL}/orders`, label: "View your orders" },
      ),
      attachments: [{ filename: "receipt.pdf", content: receipt, contentType: "application/pdf" }],
    });
    return true;
  } catch (error) {
    console.error(`order-paid email for order #${orderId} failed`, error);
    return false;
  }
}
