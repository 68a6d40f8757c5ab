// `npm run jobs:run`: every scheduled job once (the cleanup and the auto-cancel of unpaid orders
// past the due hours), for a cron. On a LiteFS replica it does nothing: the primary runs them.
import { runJobsOnce } from "~/lib/jobs.server";

const result = runJobsOnce();
if (!result) {
  console.log("jobs: this node is a LiteFS replica; the primary runs the jobs. Nothing done.");
} else {
  console.log(
    `jobs: cancelled ${result.ordersCancelled} overdue order(s); removed ${result.sessions} session(s), ` +
      `${result.tokens} token(s), ${result.throttles} throttle counter(s).`,
  );
}
