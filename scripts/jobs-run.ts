// `npm run jobs:run`: every scheduled job once (the cleanup, the auto-cancel of unpaid orders
// past the due hours and the waitlist offers), for a cron. On a LiteFS replica it does nothing: the primary runs them.
import { runJobsOnce } from "~/services/jobs.server";

const result = await runJobsOnce();
if (!result) {
  console.log("jobs: this node is a LiteFS replica; the primary runs the jobs. Nothing done.");
} else {
  console.log(
    `jobs: cancelled ${result.ordersCancelled} overdue order(s); made ${result.waitlistOffers} waitlist offer(s); removed ${result.sessions} session(s), ` +
      `${result.tokens} token(s), ${result.throttles} throttle counter(s).`,
  );
}
