// The public API's OpenAPI document as a checker, for the unit and e2e tests (issue 29 part 3):
// the document itself against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator), and a
// JSON answer against its path's response schema (ajv, JSON Schema 2020-12, as OpenAPI 3.1 uses).
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { OPENAPI, RESPONSE_SCHEMAS } from "../app/lib/open-data-openapi";

/** The OpenAPI document's own check: [] when valid, else the validator's errors. */
export async function openapiErrors(document: unknown): Promise<unknown[]> {
  const result = await new Validator().validate(structuredClone(document) as Record<string, unknown>);
  return result.valid ? [] : ((result.errors as unknown[]) ?? ["invalid"]);
}

const ID = "https://regatta.example/api/v1/openapi.json";
let ajv: Ajv2020 | undefined;
function compiler(): Ajv2020 {
  if (!ajv) {
    // Not strict: the document's other keys (openapi, paths, info) are not JSON Schema keywords.
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: ID, components: structuredClone(OPENAPI.components) });
  }
  return ajv;
}

/** An answer's errors against the 200 schema of its path template ("/api/v1/editions/{year}"). */
export function answerErrors(template: string, body: unknown): string[] {
  const name = RESPONSE_SCHEMAS[template];
  if (!name) return [`no schema for ${template}`];
  const validate = compiler().getSchema(`${ID}#/components/schemas/${name}`);
  if (!validate) return [`schema ${name} missing`];
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** An error answer's check: {"error": "..."} and nothing else. */
export function errorErrors(body: unknown): string[] {
  const validate = compiler().getSchema(`${ID}#/components/schemas/Error`);
  return validate?.(body) ? [] : (validate?.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
