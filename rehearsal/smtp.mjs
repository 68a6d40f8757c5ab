// The rehearsal's mail server: a real SMTP server on 127.0.0.1 (the `smtp-server` devDependency)
// that keeps every message's Message-ID, and can go down (closed: connections refused) and come
// back on the same port, as a mail provider's outage does.
import { SMTPServer } from "smtp-server";

export class MailServer {
  constructor() {
    /** Every message received: { messageId, to, at (ms since the start) }. */
    this.received = [];
    this.port = 0;
    this.server = null;
    this.now = () => 0;
  }

  make() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks = [];
        stream.on("data", (c) => chunks.push(c));
        stream.on("end", () => {
          const head = Buffer.concat(chunks)
            .toString("utf8")
            .split(/\r?\n\r?\n/)[0];
          const messageId = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? "";
          this.received.push({
            messageId,
            to: session.envelope.rcptTo.map((r) => r.address).join(","),
            at: this.now(),
          });
          callback();
        });
      },
    });
  }

  /** Listens on `port` (0: a free one); resolves the port. */
  up(port = this.port) {
    this.server = this.make();
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => {
        this.port = this.server.server.address().port;
        resolve(this.port);
      });
    });
  }

  /** Stops listening and drops open connections: the server is down. */
  down() {
    const s = this.server;
    this.server = null;
    if (!s) return Promise.resolve();
    return new Promise((resolve) => {
      s.close(() => resolve());
      // smtp-server waits for open connections; end them (the outage is abrupt).
      for (const conn of s.connections ?? []) conn._socket?.destroy?.();
      setTimeout(resolve, 2000);
    });
  }
}
