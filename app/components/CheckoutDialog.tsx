// Every checkout dialog (crew tag fee, dinner tickets, event entries): a dialog child route over its
// list, the same with and without JavaScript. The draft the server computed (OrderLines), the
// request posted again as hidden fields, any extra content (a declaration, a note), the payment
// notes, Proceed to Payment and Cancel; or, when there is nothing to pay, why (with Close and
// whatever goes with the refusal); or, once the order is created, the provider's checkout form
// (PaymentRedirect). The server half is services/checkout.server.ts.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput, TaskInput } from "./PostForm";
import { Dialog } from "./Dialog";
import { PaymentRedirect } from "./PaymentRedirect";
import { Toasts } from "./Toasts";
import type { Checkout } from "~/lib/payments/provider.server";
import type { Toast } from "~/lib/toast";
import { useMessages } from "~/i18n/useMessages";
import { OrderLines } from "~/components/OrderLines";
import type { CheckoutLine } from "~/services/checkout.server";

export type { CheckoutLine };

export function CheckoutDialog({
  title,
  closeTo,
  checkout,
  toast,
  refusal,
  refusalExtra,
  lines,
  total,
  itemLabel,
  countLabel,
  hidden,
  dueHours,
  replaces = [],
  children,
}: {
  title: string;
  /** Close, Cancel and the × go back here (the list with what was typed). */
  closeTo: string;
  /** The action's answer to Proceed to Payment: the provider's form, which submits itself. */
  checkout?: Checkout | null;
  /** A refusal the action answered with, as a toast over the draft. */
  toast?: Toast | null;
  /** Why there is nothing to pay: shown instead of the draft, with Close. */
  refusal?: string | null;
  /** What goes with the refusal, between it and Close (a form to join a waitlist). */
  refusalExtra?: ReactNode;
  lines: CheckoutLine[];
  total: number;
  itemLabel?: string;
  countLabel?: string;
  /** The request the draft was computed from, posted again with Proceed to Payment. */
  hidden: [name: string, value: string | number][];
  /** The payment notes' hours until an unpaid order is cancelled. */
  dueHours: number;
  /** The club's unpaid orders of this kind that Proceed to Payment cancels (one open order per
   * kind and club): said above the payment notes. */
  replaces?: number[];
  /** Between the draft and the notes (the members' declaration, a note on the waitlist). */
  children?: ReactNode;
}) {
  const { MSG, LABELS } = useMessages();
  if (checkout) {
    return (
      <Dialog title={title} closeTo={closeTo}>
        <PaymentRedirect checkout={checkout} />
      </Dialog>
    );
  }
  return (
    <Dialog title={title} closeTo={closeTo}>
      <Toasts toasts={[toast]} />
      {refusal ? (
        <>
          <p className="errors" role="alert">
            {refusal}
          </p>
          {refusalExtra}
          <div className="actions">
            <Link to={closeTo} className="btn" preventScrollReset>
              {LABELS.close}
            </Link>
          </div>
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <CsrfInput />
          <TaskInput task={LABELS.taskCreatingOrder} />
          {hidden.map(([name, value], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed for one draft; names repeat
            <input key={i} type="hidden" name={name} value={value} />
          ))}
          <OrderLines
            caption={LABELS.draftOrder}
            itemLabel={itemLabel}
            countLabel={countLabel}
            lines={lines}
            total={total}
          />
          {children}
          {replaces.length > 0 ? (
            <div className="toast toast-warning checkout-replaces" role="note">
              <p>{MSG.checkoutReplacesOrder(replaces)}</p>
            </div>
          ) : null}
          <p className="hint">{MSG.membersPaymentNotes(dueHours)}</p>
          <div className="actions">
            <button type="submit" className="btn btn-primary">
              {LABELS.proceedToPayment}
            </button>
            <Link to={closeTo} className="btn" preventScrollReset>
              {LABELS.cancel}
            </Link>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
