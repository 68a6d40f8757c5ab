// /members/checkout?ids=..: the crew tag fee checkout over the Members list (a dialog child route,
// the same with and without JavaScript). GET shows the draft the server computed (item = member
// name, price = the crew tag fee from the settings, count, subtotal, total), the declaration and
// the notes; it never writes. Proceed to Payment (POST) needs the declaration, then computes the
// draft again and creates the order in one transaction (models/member.server.ts
// checkoutMembership), and answers the provider's checkout form, which submits itself
// (components/PaymentRedirect: without JavaScript a Continue to payment button).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { Dialog } from "~/components/Dialog";
import { PaymentRedirect } from "~/components/PaymentRedirect";
import { Toasts } from "~/components/Toasts";
import { OrderLines } from "~/tables/orders";
import { requireUser, scopeOf } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { type Checkout, paymentProvider } from "~/lib/payments/provider.server";
import type { Toast } from "~/lib/toast";
import { checkoutMembership, feeDraft, parseMemberIds } from "~/models/member.server";
import { getSettings } from "~/models/settings.server";
import { MSG, TITLES } from "~/messages";
import { withParams } from "~/rules/list-params";
import type { FeeRefusal } from "~/rules/orders";

const REFUSALS: Record<FeeRefusal | "foreign", string> = {
  noneSelected: MSG.membersNoneSelected,
  notApproved: MSG.membersNotApproved,
  alreadyPaid: MSG.membersAlreadyPaid,
  alreadyInOrder: MSG.membersAlreadyInOrder,
  foreign: MSG.membersNotYours,
};

type CheckoutLine = { userId: number; label: string; price: number; count: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "members");
  const ids = parseMemberIds(new URL(request.url).searchParams.getAll("ids"));
  if (ids === null) throw new Response("Bad Request", { status: 400 });
  const settings = getSettings();
  const draft = feeDraft(scopeOf(user), ids, settings.crewTagFeeSen);
  const dueHours = settings.paymentDueHours;
  if ("refused" in draft) {
    return json({
      refused: REFUSALS[draft.refused] as string | null,
      lines: [] as CheckoutLine[],
      total: 0,
      ids,
      dueHours,
    });
  }
  const lines: CheckoutLine[] = draft.lines.map((l) => ({
    userId: l.userId ?? 0,
    label: l.label,
    price: l.price,
    count: l.count,
  }));
  return json({
    refused: null as string | null,
    lines,
    total: draft.total,
    ids: lines.map((l) => l.userId),
    dueHours,
  });
}

type ActionData = { toast: Toast | null; checkout: Checkout | null };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "members");
  const form = await readForm(request);
  const ids = parseMemberIds(form.getAll("ids"));
  if (ids === null) throw new Response("Bad Request", { status: 400 });
  const refuse = (message: string, status: number) =>
    json<ActionData>({ toast: { type: "error", message }, checkout: null }, status);
  if (ids.length === 0) return refuse(MSG.membersNoneSelected, 400);
  if (form.get("declaration") !== "yes") return refuse(MSG.membersDeclarationRequired, 400);
  const result = checkoutMembership(user, scopeOf(user), ids, getSettings().crewTagFeeSen);
  if ("refused" in result) return refuse(REFUSALS[result.refused], result.refused === "foreign" ? 403 : 409);
  const n = result.draft.lines.length;
  const checkout = paymentProvider().checkout({
    id: result.order.id,
    total: result.order.total,
    detail: `Crew tag fee for ${n} member${n === 1 ? "" : "s"}, order ${result.order.id}`,
    name: user.name,
    email: user.email,
    phone: user.phone,
  });
  return json<ActionData>({ toast: null, checkout });
}

export default function MembersCheckout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const back = withParams(search, { ids: null });
  const closeTo = `/members${back === "?" ? "" : back}`;

  if (actionData?.checkout) {
    return (
      <Dialog title={TITLES.checkout} closeTo={closeTo}>
        <PaymentRedirect checkout={actionData.checkout} />
      </Dialog>
    );
  }
  return (
    <Dialog title={TITLES.checkout} closeTo={closeTo}>
      <Toasts toasts={[actionData?.toast]} />
      {data.refused ? (
        <>
          <p className="errors" role="alert">
            {data.refused}
          </p>
          <div className="actions">
            <Link to={closeTo} className="btn" preventScrollReset>
              Close
            </Link>
          </div>
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <CsrfInput />
          <TaskInput task="Creating order" />
          {data.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <OrderLines
            caption="Draft order"
            lines={data.lines.map((l, i) => ({
              id: l.userId ?? i,
              label: l.label,
              price: l.price,
              count: l.count,
            }))}
            total={data.total}
          />
          <div className="field">
            <label>
              <input type="checkbox" name="declaration" value="yes" /> {MSG.membersDeclaration}
            </label>
          </div>
          <p className="hint">{MSG.membersPaymentNotes(data.dueHours)}</p>
          <div className="actions">
            <button type="submit" className="btn btn-primary">
              Proceed to Payment
            </button>
            <Link to={closeTo} className="btn" preventScrollReset>
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
