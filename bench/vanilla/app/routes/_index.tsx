import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Vanilla Remix" }];

/** 20 rows from the loader, like one small page of a staff table. */
export function loader() {
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name: `Paddler ${i + 1}`,
    email: `paddler${i + 1}@example.com`,
    team: `Club ${(i % 5) + 1}`,
  }));
  return json({ rows });
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Paddlers</h1>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Name</th>
            <th>Email</th>
            <th>Team</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.id}</td>
              <td>{r.name}</td>
              <td>{r.email}</td>
              <td>{r.team}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
