import "~/i18n/routes/_app.help";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { env } from "~/lib/env.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.help);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "help");
  return json({ whatsapp: env().HELP_WHATSAPP_URL, email: env().HELP_EMAIL });
}

export default function Help() {
  const { whatsapp, email } = useLoaderData<typeof loader>();
  const { TITLES, LABELS } = useMessages();
  return (
    <Screen title={TITLES.help}>
      <div className="card">
        <p>{LABELS.helpIntro}</p>
        <dl className="profile-fields">
          <dt>WhatsApp</dt>
          <dd>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              {whatsapp.replace(/^https:\/\/wa\.me\//, "+")}
            </a>
          </dd>
          <dt>{LABELS.email}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </dl>
      </div>
    </Screen>
  );
}
