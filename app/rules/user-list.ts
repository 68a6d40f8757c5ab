// The Users table's list parameters (shared by its loader and its screen).
import { type ListSpec, SIZES_SMALL } from "./list-params";

export const USER_LIST: ListSpec<
  "id" | "team" | "role" | "name" | "email" | "yob",
  "team" | "role" | "photo" | "verified" | "approved" | "paid" | "name"
> = {
  sizes: SIZES_SMALL,
  sorts: ["id", "team", "role", "name", "email", "yob"],
  defaultSort: "id",
  filters: { team: 12, role: 12, photo: 10, verified: 3, approved: 3, paid: 3, name: 100 },
};
