import { describe, expect, it } from "vitest";
import { returnHash, verifyReturn } from "~/lib/payments/senangpay";
import {
  PAYMENT_REF,
  parsePaymentRef,
  paymentRef,
  repeatsResult,
  returnShape,
  tokenTag,
} from "./payment-ref";

const TOKEN = "k3v9Jr0bQm5xZ1uW8yTq2sNf4hLa7cEd"; // like randomToken(24)

describe("payment reference", () => {
  it("is R + 10 digits + - + 12 hex digits of the token's SHA-256", () => {
    const ref = paymentRef({ id: 87, token: TOKEN });
    expect(ref).toMatch(/^R0000000087-[0-9a-f]{12}$/);
    expect(ref).toHaveLength(24);
    expect(ref.slice(12)).toBe(tokenTag(TOKEN));
    expect(ref).not.toContain(TOKEN.slice(0, 4)); // nothing of the token itself
    expect(paymentRef({ id: 9_999_999_999, token: TOKEN })).toMatch(/^R9999999999-/);
    // SenangPay's order_id: at most 100 of A-Z a-z 0-9 and -.
    expect(ref).toMatch(/^[A-Za-z0-9-]{1,100}$/);
  });
  it("differs by token: knowing an order's id is not enough", () => {
    expect(paymentRef({ id: 87, token: TOKEN })).not.toBe(paymentRef({ id: 87, token: `${TOKEN}x` }));
  });
  it("refuses ids it cannot write in 10 digits and orders without a token", () => {
    expect(() => paymentRef({ id: 0, token: TOKEN })).toThrow();
    expect(() => paymentRef({ id: 10 ** 10, token: TOKEN })).toThrow();
    expect(() => paymentRef({ id: 1.5, token: TOKEN })).toThrow();
    expect(() => paymentRef({ id: 1, token: "" })).toThrow();
  });
  it("parses exactly its own shape", () => {
    const ref = paymentRef({ id: 87, token: TOKEN });
    expect(parsePaymentRef(ref)).toEqual({ orderId: 87, tag: tokenTag(TOKEN) });
    for (const bad of [
      "87",
      "873",
      "R87",
      "R000000087-9f3ac2d1e0b4", // 9 digits
      "R00000000087-9f3ac2d1e0b4", // 11 digits
      "R0000000087-9f3ac2d1e0b", // 11 hex
      "R0000000087-9f3ac2d1e0b45", // 13 hex
      "R0000000087-9F3AC2D1E0B4", // upper case
      "r0000000087-9f3ac2d1e0b4",
      "R0000000000-9f3ac2d1e0b4", // order 0
      " R0000000087-9f3ac2d1e0b4",
      "R0000000087-9f3ac2d1e0b4\n",
      `${ref}1`,
      "",
    ]) {
      expect(parsePaymentRef(bad), bad).toBeNull();
      expect(PAYMENT_REF.test(bad) && parsePaymentRef(bad) !== null).toBe(false);
    }
  });
  it("accepts only status ids 0, 1, 2, our reference and a non-empty transaction id", () => {
    const order_id = paymentRef({ id: 87, token: TOKEN });
    const ok = { status_id: "1", order_id, transaction_id: "14363538840" };
    expect(returnShape(ok)).toEqual({ ref: { orderId: 87, tag: tokenTag(TOKEN) }, statusId: "1" });
    expect(returnShape({ ...ok, status_id: "0" })?.statusId).toBe("0");
    expect(returnShape({ ...ok, status_id: "2" })?.statusId).toBe("2");
    for (const status_id of ["", "3", "10", "01", "1 ", "-1", "x"])
      expect(returnShape({ ...ok, status_id }), status_id).toBeNull();
    for (const transaction_id of ["", " ", "a b", "x".repeat(101)])
      expect(returnShape({ ...ok, transaction_id })).toBeNull();
    expect(returnShape({ ...ok, order_id: "87" })).toBeNull();
  });
});

// The attack: the hash is over secret + status_id + order_id + transaction_id + msg with no
// separators, so a genuine result can be cut differently and still verify.
describe.each(["md5", "sha256"] as const)("re-split results (%s)", (mode) => {
  const secret = "53-784";
  const sign = (p: { status_id: string; order_id: string; transaction_id: string; msg: string }) => ({
    ...p,
    hash: returnHash(mode, secret, p),
  });

  it("with bare decimal order ids the re-split verifies (why the reference exists)", () => {
    const genuine = sign({
      status_id: "1",
      order_id: "873",
      transaction_id: "T1",
      msg: "Payment_was_successful",
    });
    const resplit = { ...genuine, order_id: "87", transaction_id: "3T1" };
    expect(verifyReturn(mode, secret, resplit)).toBe(true);
    // ... and the status/order boundary too: status "1" + order "873" == status "18" + order "73".
    expect(verifyReturn(mode, secret, { ...genuine, status_id: "18", order_id: "73" })).toBe(true);
  });

  it("every re-split of a genuine result with our reference is refused by its shape", () => {
    const order_id = paymentRef({ id: 873, token: TOKEN });
    const genuine = sign({
      status_id: "1",
      order_id,
      transaction_id: "14363538840",
      msg: "Payment_was_successful",
    });
    expect(verifyReturn(mode, secret, genuine)).toBe(true);
    expect(returnShape(genuine)).not.toBeNull();
    const text = `${genuine.status_id}${genuine.order_id}${genuine.transaction_id}${genuine.msg}`;
    let splits = 0;
    // Every way to cut the signed text into four non-empty-or-empty fields other than the genuine one.
    for (let a = 0; a <= 3; a++)
      for (let b = a; b <= Math.min(text.length, a + 30); b++)
        for (let c = b; c <= Math.min(text.length, b + 20); c++) {
          const cut = {
            status_id: text.slice(0, a),
            order_id: text.slice(a, b),
            transaction_id: text.slice(b, c),
            msg: text.slice(c),
            hash: genuine.hash,
          };
          expect(verifyReturn(mode, secret, cut)).toBe(true); // the hash cannot tell them apart
          const shape = returnShape(cut);
          if (shape) {
            // The only cuts of the right shape keep status and order exactly: at most the
            // transaction id / msg boundary moves (repeatsResult handles that).
            expect(cut.status_id).toBe("1");
            expect(cut.order_id).toBe(order_id);
            expect(cut.transaction_id + cut.msg).toBe(genuine.transaction_id + genuine.msg);
          }
          splits++;
        }
    expect(splits).toBeGreaterThan(100);
  });
});

describe("repeatsResult", () => {
  const seen = [{ statusId: "1", transactionId: "T100", msg: "Payment_was_successful" }];
  it("the same status and transaction id repeat, whatever the msg", () => {
    expect(repeatsResult(seen, { statusId: "1", transactionId: "T100", msg: "Payment_was_successful" })).toBe(
      true,
    );
    expect(repeatsResult(seen, { statusId: "1", transactionId: "T100", msg: "Other_text" })).toBe(true);
  });
  it("a re-split at the transaction id / msg boundary repeats too", () => {
    expect(repeatsResult(seen, { statusId: "1", transactionId: "T100P", msg: "ayment_was_successful" })).toBe(
      true,
    );
    expect(repeatsResult(seen, { statusId: "1", transactionId: "T10", msg: "0Payment_was_successful" })).toBe(
      true,
    );
  });
  it("a new transaction, or another status, is new", () => {
    expect(repeatsResult(seen, { statusId: "1", transactionId: "T101", msg: "Payment_was_successful" })).toBe(
      false,
    );
    expect(repeatsResult(seen, { statusId: "0", transactionId: "T100", msg: "Payment_was_successful" })).toBe(
      false,
    );
    expect(repeatsResult([], { statusId: "1", transactionId: "T100", msg: "" })).toBe(false);
  });
});
