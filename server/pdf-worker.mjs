// The PDF worker thread (docs/decisions/0034-pdf-worker.md): big documents (a day's start lists, a
// large batch of crew tags: seconds of layout) are laid out here, off the main thread, so they no
// longer stop every other request of the process. app/lib/pdf.server.ts starts it (one per process,
// lazily, again after it died or stopped when idle) and talks to it:
//
//   in:  { id, doc }                      a document definition (structured-cloned: no functions)
//   out: { id, bytes }                    the PDF (its buffer transferred)
//        { id, error: { message, stack } } the layout failed; the worker carries on
//
// The layout itself is server/pdf-layout.mjs, the same code small documents use on the main thread.
import { parentPort } from "node:worker_threads";
import { layoutPdf } from "./pdf-layout.mjs";

parentPort?.on("message", async ({ id, doc }) => {
  try {
    const bytes = await layoutPdf(doc);
    // Handed over without a copy when the buffer is the PDF's alone (not a slice of Node's pool).
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const out = own ? bytes : new Uint8Array(bytes);
    parentPort.postMessage({ id, bytes: out }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error?.message ?? error), stack: error?.stack } });
  }
});
