// /members/checkout?ids=..: the crew tag fee checkout over the Members list (a dialog child route,
// the same with and without JavaScript). GET shows the draft the server computed (item = member
// name, price = the crew tag fee from the settings, count, subtotal, total), the declaration and
// the notes; it never writes. Proceed to Payment (POST) needs the declaration, then computes the
// draft again and creates the order in one transaction (models/member.server.ts
// checkoutMembership), and answers the provider's checkout form, which submits itself
// (components/CheckoutDialog, services/checkout.server.ts: without JavaScript a Continue to payment
// button).
import "~/i18n/routes/_app.members.checkout";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { type CheckoutLine, CheckoutDialog } from "~/components/CheckoutDialog";
import { requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import {
  checkoutAnswer,
  checkoutCrewTagFee,
  checkoutLines,
  refuseCheckout,
} from "~/services/checkout.server";
import { membersCheckoutSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { feeDraft, parseMemberIds } from "~/models/member.server";
import { openOrdersOfClub } from "~/models/order.server";
import { getSettings } from "~/models/settings.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { withParams } from "~/rules/list-params";
import type { FeeRefusal } from "~/rules/orders";

/** Why there is nothing to pay, in the request's language. */
const refusalsOf = ({ MSG }: Bundle): Record<FeeRefusal | "foreign", string> => ({
  noneSelected: MSG.membersNoneSelected,
  notApproved: MSG.membersNotApproved,
  alreadyPaid: MSG.membersAlreadyPaid,
  alreadyInOrder: MSG.membersAlreadyInOrder,
  foreign: MSG.membersNotYours,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "members");
  const ids = parseMemberIds(new URL(request.url).searchParams.getAll("ids"));
  if (ids === null) throw new Response("Bad Request", { status: 400 });
  const edition = editionOf(request, user);
  const settings = getSettings(edition.id);
  const draft = feeDraft(edition.id, scopeOf(user), ids, settings.crewTagFeeSen);
  const dueHours = settings.paymentDueHours;
  if (!draft.ok) {
    return json({
      refused: refusalsOf(messagesFor(request))[draft.code] as string | null,
      lines: [] as CheckoutLine[],
      total: 0,
      ids,
      dueHours,
      replaces: [] as number[],
    });
  }
  const lines = checkoutLines(draft.lines, "userId");
  return json({
    refused: null as string | null,
    lines,
    total: draft.total,
    ids: lines.map((l) => l.id),
    dueHours,
    replaces: openOrdersOfClub(edition.id, user.id, "MEMBERSHIP"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "members");
  const bundle = messagesFor(request);
  const { MSG } = bundle;
  const { ids, declaration } = (await parseFixedForm(request, membersCheckoutSchema)).value;
  if (ids.length === 0) return refuseCheckout(MSG.membersNoneSelected, 400);
  if (declaration !== "yes") return refuseCheckout(MSG.membersDeclarationRequired, 400);
  const edition = editionOf(request, user);
  const fee = getSettings(edition.id).crewTagFeeSen;
  const result = checkoutCrewTagFee(edition.id, user, scopeOf(user), ids, fee);
  if (!result.ok)
    return refuseCheckout(refusalsOf(bundle)[result.code], result.code === "foreign" ? 403 : 409);
  return checkoutAnswer(result.checkout);
}

export default function MembersCheckout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const { MSG, TITLES } = useMessages();
  const back = withParams(search, { ids: null });
  const closeTo = `/members${back === "?" ? "" : back}`;

  return (
    <CheckoutDialog
      title={TITLES.checkout}
      closeTo={closeTo}
      checkout={actionData?.checkout}
      toast={actionData?.toast}
      refusal={data.refused}
      lines={data.lines}
      total={data.total}
      hidden={data.ids.map((id) => ["ids", id])}
      dueHours={data.dueHours}
      replaces={data.replaces}
    >
      <div className="field">
        <label>
          <input type="checkbox" name="declaration" value="yes" /> {MSG.membersDeclaration}
        </label>
      </div>
    </CheckoutDialog>
  );
}
