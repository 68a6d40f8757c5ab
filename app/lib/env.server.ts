// Configuration from the environment, validated once at start-up (entry.server.tsx calls
// checkEnvAtStart when the server loads the build). Safe defaults run the embedded mode (SQLite
// file, local mail outbox, payment simulator); production must set SESSION_SECRET and choose
// PAYMENT_PROVIDER explicitly: an unset provider there stops start-up instead of quietly taking no
// money through the simulator (ADR 0023), and PAYMENT_PROVIDER=simulator is logged loudly.
import path from "node:path";
import { z } from "zod";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().positive().default(3000),
    DATABASE_PATH: z.string().min(1).default("./data/regatta.db"),
    UPLOADS_DIR: z.string().min(1).default("./uploads"),
    OUTBOX_DIR: z.string().min(1).default("./outbox"),
    MIGRATIONS_DIR: z.string().min(1).default("./db/migrations"),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters.").optional(),
    APP_URL: z.url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Regatta <no-reply@regatta.local>"),
    /** No default here: development and tests fall back to the simulator below, production must say. */
    PAYMENT_PROVIDER: z.enum(["simulator", "senangpay"]).optional(),
    SENANGPAY_MERCHANT_ID: z.string().optional(),
    SENANGPAY_SECRET_KEY: z.string().optional(),
    SENANGPAY_HASH: z.enum(["sha256", "md5"]).default("sha256"),
    SENANGPAY_URL: z.url().default("https://app.senangpay.my"),
    LITEFS_DIR: z.string().optional(),
    /** The race call's tick (issue 28; services/jobs.server.ts): 30 s, at most a minute; the e2e
     * server ticks every 2 s so its test of the call does not wait half a minute. */
    RACE_CALL_EVERY_MS: z.coerce.number().int().min(1000).max(60_000).default(30_000),
    /** Issue 29: webhook endpoints on a loopback address (127.0.0.0/8, ::1), over plain http too,
     * and nothing else (rules/webhooks.ts). Only tests set it (scripts/e2e-server.mjs, vitest). */
    WEBHOOKS_ALLOW_LOOPBACK: z.enum(["0", "1"]).optional(),
    OFFICIAL_SITE_URL: z.url().default("https://www.regatta.example.com"),
    HELP_WHATSAPP_URL: z.url().default("https://wa.me/60123456789"),
    HELP_EMAIL: z.string().default("admin@regatta.example.com"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is required in production (a long random string, e.g. `openssl rand -hex 32`).",
      });
    }
    if (env.NODE_ENV === "production" && !env.PAYMENT_PROVIDER) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message:
          "PAYMENT_PROVIDER is required in production: senangpay (with SENANGPAY_MERCHANT_ID and SENANGPAY_SECRET_KEY) for real payments, or simulator to take no money (a demo).",
      });
    }
    if (env.PAYMENT_PROVIDER === "senangpay" && !(env.SENANGPAY_MERCHANT_ID && env.SENANGPAY_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "PAYMENT_PROVIDER=senangpay needs SENANGPAY_MERCHANT_ID and SENANGPAY_SECRET_KEY.",
      });
    }
  });

export type Env = z.infer<typeof schema> & {
  APP_URL: string;
  SESSION_SECRET: string;
  PAYMENT_PROVIDER: "simulator" | "senangpay";
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" (as in a .env file with `SMTP_URL=`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: env.SESSION_SECRET ?? "dev-only-secret-not-for-production",
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? "simulator",
    DATABASE_PATH: path.resolve(env.DATABASE_PATH),
    UPLOADS_DIR: path.resolve(env.UPLOADS_DIR),
    OUTBOX_DIR: path.resolve(env.OUTBOX_DIR),
    MIGRATIONS_DIR: path.resolve(env.MIGRATIONS_DIR),
  };
}

let cached: Env | undefined;
export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

/** The loud line a production server on the simulator prints at start (and the tests read). */
export const SIMULATOR_WARNING =
  "[payments] PAYMENT_PROVIDER=simulator: NO MONEY IS TAKEN. Every checkout goes to the built-in simulator (/simulator/pay). Set PAYMENT_PROVIDER=senangpay for real payments.";

/**
 * Validates the configuration when the server loads the build, so a bad one stops start-up with
 * its message rather than failing the first request; a production server on the simulator says
 * so loudly. Returns the lines it printed (tests).
 */
export function checkEnvAtStart(source: Record<string, string | undefined> = process.env): string[] {
  const e = source === process.env ? env() : parseEnv(source);
  const printed: string[] = [];
  if (e.NODE_ENV === "production" && e.PAYMENT_PROVIDER === "simulator") {
    const banner = "*".repeat(78);
    for (const line of [banner, SIMULATOR_WARNING, banner]) {
      console.warn(line);
      printed.push(line);
    }
  }
  return printed;
}
