// Demo portraits drawn as SVG and run through the real photo pipeline (no binary fixtures).
import sharp from "sharp";
import { type Photo, processPhoto } from "~/lib/photos.server";

const PALETTE = ["#1f4f8f", "#8f1f4f", "#1f8f5a", "#8f6a1f", "#5a1f8f", "#1f7a8f"];

function portrait(i: number, initials: string): string {
  const shirt = PALETTE[i % PALETTE.length];
  const skin = ["#c9a27e", "#e0b896", "#a8794f", "#f1cfae"][i % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 300 400">
    <rect width="300" height="400" fill="#eef2f7"/>
    <circle cx="150" cy="150" r="70" fill="${skin}"/>
    <path d="M80 135c0-48 30-75 70-75s70 27 70 75c-10-26-36-40-70-40s-60 14-70 40z" fill="#2b2b2b"/>
    <path d="M30 400c6-90 60-140 120-140s114 50 120 140z" fill="${shirt}"/>
    <text x="150" y="360" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text>
  </svg>`;
}

export async function demoPhotos(names: string[]): Promise<Photo[]> {
  return Promise.all(
    names.map(async (name, i) => {
      const initials = name
        .split(" ")
        .slice(0, 2)
        .map((w) => w[0])
        .join("");
      const png = await sharp(Buffer.from(portrait(i, initials)))
        .png()
        .toBuffer();
      const result = await processPhoto(png, "image/png");
      if (!result.ok) throw new Error(`demo photo failed: ${result.error}`);
      return result;
    }),
  );
}
