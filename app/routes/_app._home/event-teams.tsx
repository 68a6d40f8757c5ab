// A club's event teams as Event / Event Team, by event name: the competitor profile's Events and
// the manager's View Confirmed Events dialog (rows from models/event.server.ts assignedEvents, so
// deleted events are left out of both).
import { Empty } from "~/components/Screen";
import { useMessages } from "~/i18n/useMessages";
import type { AssignedRow } from "~/models/event.server";

export function EventTeamsTable({ rows, caption }: { rows: AssignedRow[]; caption: string }) {
  const { LABELS } = useMessages();
  if (rows.length === 0) return <Empty />;
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{LABELS.colEvent}</th>
          <th scope="col">{LABELS.eventTeam}</th>
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
