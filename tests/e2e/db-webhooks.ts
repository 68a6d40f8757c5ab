// Factories of webhooks.spec.ts (issue 29 part 4): endpoints and deliveries written through the
// models (tests/factories/club-life.ts), read back straight from the e2e database, a delivery made
// due at once (instead of waiting out its back-off), and a receiver: a real HTTP server on
// 127.0.0.1 (the e2e server runs with WEBHOOKS_ALLOW_LOOPBACK=1) that records every POST and answers
// what the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { e2eDb } from "./db";
import * as make from "../factories/club-life";
import { removeEndpointRow, setDeliveryDue } from "../../app/models/webhooks.server";
import type { WebhookEvent } from "../../app/rules/webhook-fields";

export type Hit = { path: string; event: string; signature: string; contentType: string; body: string };

export type Receiver = {
  url: (path: string) => string;
  hits: Hit[];
  /** The status `path` answers from now on (204 unless told). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const hits: Hit[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      hits.push({
        path,
        event: String(req.headers["regatta-event"] ?? ""),
        signature: String(req.headers["regatta-signature"] ?? ""),
        contentType: String(req.headers["content-type"] ?? ""),
        body,
      });
      res.writeHead(answers.get(path) ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    hits,
    answer: (path, status) => answers.set(path, status),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An enabled endpoint wanting `events`; its id and secret. */
export function createEndpoint(url: string, events: WebhookEvent[]): { id: number; secret: string } {
  const { id, secret } = make.webhookEndpoint(url, events);
  return { id, secret };
}

/** An event of `event` with a small body, and its delivery to the endpoint, due now. */
export function queueDelivery(endpointId: number, event: WebhookEvent = "result.official"): number {
  return make.webhookDelivery(endpointId, event).id;
}

export type DeliveryRecord = {
  attempts: number;
  claimed_until: number | null;
  next_attempt_at: number | null;
  last_status: number | null;
  delivered_at: number | null;
};

export function deliveryOf(id: number): DeliveryRecord | undefined {
  return e2eDb()
    .prepare(
      "SELECT attempts, claimed_until, next_attempt_at, last_status, delivered_at FROM webhook_deliveries WHERE id = ?",
    )
    .get(id) as DeliveryRecord | undefined;
}

/** The delivery's `n`th attempt is over (sent and recorded, no longer claimed). */
export function attemptDone(id: number, n: number): boolean {
  const d = deliveryOf(id);
  return d?.attempts === n && d.claimed_until === null;
}

/** The test clock of the sender: its back-off is over now (the next tick sends it). */
export function makeDue(deliveryId: number): void {
  setDeliveryDue(deliveryId, Date.now());
}

export type EndpointRecord = { id: number; url: string; events: string; enabled: number; secret: string };

export function endpointsAt(url: string): EndpointRecord[] {
  return e2eDb()
    .prepare("SELECT id, url, events, enabled, secret FROM webhook_endpoints WHERE url = ?")
    .all(url) as EndpointRecord[];
}

export function endpointRecord(id: number): EndpointRecord | undefined {
  return e2eDb()
    .prepare("SELECT id, url, events, enabled, secret FROM webhook_endpoints WHERE id = ?")
    .get(id) as EndpointRecord | undefined;
}

/** Removes a test's endpoint (and its deliveries), so it hears of nobody else's rounds afterwards. */
export function removeEndpoint(id: number): void {
  removeEndpointRow(id);
}
