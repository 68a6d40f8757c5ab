// The answer to Proceed to Payment in every checkout (crew tag fee, dinner tickets, event entries):
// the provider's checkout form (paymentProvider().checkout(order)), which submits itself. In a
// document response (JavaScript on, the form posted before hydration) a nonce'd inline script
// sends it as the page is parsed; after a client-side submission an effect does; both mark the
// form so it goes once. Without JavaScript the buyer presses Continue to payment.
import { useEffect, useRef } from "react";
import { useNonce } from "~/components/Nonce";
import type { Checkout } from "~/lib/payments/provider.server";
import { useMessages } from "~/i18n/useMessages";

// A constant script with no data in it: the CSP allows it by the response's nonce.
const AUTO_SUBMIT =
  '(function(){var f=document.getElementById("payment-form");if(f&&!f.dataset.sent){f.dataset.sent="1";f.submit();}})();';

export function PaymentRedirect({ checkout }: { checkout: Checkout }) {
  const nonce = useNonce();
  const { MSG, LABELS } = useMessages();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (form && !form.dataset.sent) {
      form.dataset.sent = "1";
      form.submit();
    }
  }, []);
  return (
    <>
      <p>{MSG.paymentRedirecting}</p>
      {/* A plain form: the browser itself goes to the payment page. */}
      <form id="payment-form" method="post" action={checkout.action} ref={ref} className="actions">
        {Object.entries(checkout.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn btn-primary">
          {LABELS.continueToPayment}
        </button>
      </form>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no data in it */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: AUTO_SUBMIT }} />
    </>
  );
}
