// A club's event teams as Event / Event Team, by event name: the competitor profile's Events and
// the manager's View Confirmed Events dialog (rows from models/event.server.ts assignedEvents, so
// deleted events are left out of both).
import { Empty } from "~/components/Screen";
import type { AssignedRow } from "~/models/event.server";

export function EventTeamsTable({ rows, caption }: { rows: AssignedRow[]; caption: string }) {
  if (rows.length === 0) return <Empty />;
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Event Team</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.teamId}>
            <td>{r.eventName}</td>
            <td>{r.teamName}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
