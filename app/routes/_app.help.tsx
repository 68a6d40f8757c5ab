import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { env } from "~/lib/env.server";
import { TITLES } from "~/messages";

export const meta: MetaFunction = () => [{ title: `${TITLES.help} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "help");
  return json({ whatsapp: env().HELP_WHATSAPP_URL, email: env().HELP_EMAIL });
}

export default function Help() {
  const { whatsapp, email } = useLoaderData<typeof loader>();
  return (
    <Screen title={TITLES.help}>
      <div className="card">
        <p>Need help with registration, payments or crews? Contact the administrator:</p>
        <dl className="profile-fields">
          <dt>WhatsApp</dt>
          <dd>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              {whatsapp.replace(/^https:\/\/wa\.me\//, "+")}
            </a>
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </dl>
      </div>
    </Screen>
  );
}
