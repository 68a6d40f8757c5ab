// `npm run user:create -- --role ADMIN --email E --password P [--name N]`
// Creates a verified ADMIN or COMMITTEE account (the first admin in production).
import { parseArgs } from "node:util";
import { createStaffUser, UserExistsError } from "~/models/user.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/rules/auth-schemas";

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    role: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
  },
});
const role = values.role?.toUpperCase();
if (role !== "ADMIN" && role !== "COMMITTEE") fail("--role must be ADMIN or COMMITTEE.");
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
  fail("--email must be a valid email address.");
const password = values.password ?? "";
if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
  fail("--password must be 8-16 characters.");

try {
  const user = await createStaffUser({ role, email: values.email, password, name: values.name });
  console.log(`Created ${user.role} ${user.email} (id ${user.id}), verified.`);
} catch (error) {
  if (error instanceof UserExistsError)
    fail(`a user with email ${values.email} already exists; nothing changed.`);
  throw error;
}
