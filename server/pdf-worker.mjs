// The PDF worker process (docs/decisions/0034-pdf-worker.md): big documents (a day's start lists, a
// large batch of crew tags: seconds of layout) are laid out here, off the server's thread, so they
// no longer stop every other request of the process. app/lib/pdf.server.ts forks it (one per server
// process, lazily, again after it died or exited when idle) and talks to it over the IPC channel
// (`serialization: "advanced"`: structured clone, so the PDF's bytes travel as a Uint8Array):
//
//   in:  { id, doc }                      a document definition (no functions)
//   out: { id, bytes }                    the PDF
//        { id, error: { message, stack } } the layout failed; the worker carries on
//
// A child process rather than a thread (issue 30): when it exits, every byte it used goes back to
// the system, where a stopped thread left memory in the server process that it never handed back.
// The layout itself is server/pdf-layout.mjs, the same code small documents use on the main thread.
import { layoutPdf } from "./pdf-layout.mjs";

process.on("message", async ({ id, doc }) => {
  try {
    const bytes = await layoutPdf(doc);
    process.send?.({ id, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  } catch (error) {
    process.send?.({ id, error: { message: String(error?.message ?? error), stack: error?.stack } });
  }
});
// The server went away (it exited, or was killed): so does the worker.
process.on("disconnect", () => process.exit(0));
