// Toast shapes, shared by the server (flash) and the browser (rendering).
export type ToastType = "info" | "success" | "warning" | "error";
export type Toast =
  | { type: ToastType; message: string }
  /** A question with OK (a POST to `action` with `fields`) and Cancel (dismiss). */
  | { type: "confirm"; message: string; action: string; fields: Record<string, string> };
