import { type ChangeEvent, type InputHTMLAttributes, useState } from "react";
import { useMessages } from "~/i18n/useMessages";

const TARGET_SHORT_SIDE = 1080;
const MIN_SHORT_SIDE = 1000;

/**
 * A photo file input. Without JavaScript the original file is uploaded and the server shrinks it.
 * With JavaScript the browser shrinks it to 1080 px on the shorter side first, so a phone sends a
 * few hundred KB instead of several MB. The server checks and re-encodes either way.
 */
export function PhotoInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { MSG } = useMessages();
  const [note, setNote] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    props.onChange?.(event);
    const input = event.currentTarget;
    const file = input.files?.[0];
    setNote(null);
    if (!file?.type.includes("image") || typeof createImageBitmap !== "function") return;
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      const short = Math.min(bitmap.width, bitmap.height);
      // Too small: send it as it is, so the server gives the spec's message.
      if (short < MIN_SHORT_SIDE) return bitmap.close();
      const scale = Math.min(1, TARGET_SHORT_SIDE / short);
      const width = Math.round(bitmap.width * scale);
      const height = Math.round(bitmap.height * scale);
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      if (!ctx) return bitmap.close();
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(bitmap, 0, 0, width, height);
      bitmap.close();
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
      if (!blob || blob.size >= file.size) return;
      const resized = new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" });
      const transfer = new DataTransfer();
      transfer.items.add(resized);
      input.files = transfer.files;
      setNote(MSG.photoResized(width, height, Math.round(blob.size / 1024)));
    } catch {
      // Leave the original file: the server checks it.
    }
  }

  return (
    <>
      <input {...props} type="file" accept="image/jpeg,image/png,image/*" onChange={onChange} />
      {note ? (
        <small className="hint" data-testid="photo-resized">
          {note}
        </small>
      ) : null}
    </>
  );
}

export function PhotoGuidance() {
  const { MSG } = useMessages();
  return (
    <ul className="guidance">
      {MSG.photoGuidance.map((g) => (
        <li key={g}>{g}</li>
      ))}
    </ul>
  );
}
