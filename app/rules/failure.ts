// The one failure shape of models and services (issue 30): `{ ok: false, code }`, where `code` is a
// short word the route turns into a sentence of the page's language at the edge (a `Record<code,
// message key>` beside the route, or a message function). Extra facts a screen needs to show the
// refusal (the plan a stale draw was checked against, the crew over its cap) ride along.
export type Failure<Code extends string = string, Extra extends object = object> = {
  ok: false;
  code: Code;
} & Extra;

/** A result: what succeeded (`ok: true` and its facts) or a Failure. */
export type Outcome<Success extends object, Code extends string = string, Extra extends object = object> =
  | ({ ok: true } & Success)
  | Failure<Code, Extra>;

/** A failure with `code` (and any facts the screen shows with it). */
export function fail<Code extends string>(code: Code): Failure<Code>;
export function fail<Code extends string, Extra extends object>(
  code: Code,
  extra: Extra,
): Failure<Code, Extra>;
export function fail(code: string, extra: object = {}) {
  return { ok: false as const, code, ...extra };
}
