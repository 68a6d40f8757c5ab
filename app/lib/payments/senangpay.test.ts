// The reference's test vectors (../shared/reference/senangpay.md).
import { describe, expect, it } from "vitest";
import {
  amountText,
  detailText,
  readReturnParams,
  requestHash,
  returnHash,
  showMsg,
  verifyReturn,
} from "./senangpay";

const ret = { status_id: "1", order_id: "56", transaction_id: "14363538840", msg: "Payment_was_successful" };

describe("SenangPay hashes", () => {
  it("request: secret 53-784, detail Shopping_cart_id_30, amount 24.50, order 56", () => {
    expect(requestHash("md5", "53-784", "Shopping_cart_id_30", "24.50", "56")).toBe(
      "0bde51ff340f110ab7331a902aa969e7",
    );
    expect(requestHash("sha256", "53-784", "Shopping_cart_id_30", "24.50", "56")).toBe(
      "74422328b44d30bf150fffbae89bbb42b885f9ac0960e2a3ddccc0cf9aa48e39",
    );
  });
  it("return: transaction id before msg", () => {
    expect(returnHash("md5", "53-784", ret)).toBe("69686562c29ad3f7955b1843a5c275ca");
    expect(returnHash("sha256", "53-784", ret)).toBe(
      "4ca7837c6c4ddb5f6ba573ea701235b2d04bc6400d32787539e07aaf319eb70f",
    );
  });
  it("verifies a return in either mode and refuses any change", () => {
    const hash = "4ca7837c6c4ddb5f6ba573ea701235b2d04bc6400d32787539e07aaf319eb70f";
    expect(verifyReturn("sha256", "53-784", { ...ret, hash })).toBe(true);
    expect(verifyReturn("sha256", "53-784", { ...ret, hash: hash.toUpperCase() })).toBe(true);
    expect(verifyReturn("sha256", "53-784", { ...ret, status_id: "0", hash })).toBe(false);
    expect(verifyReturn("sha256", "53-784", { ...ret, msg: "Payment was successful", hash })).toBe(false);
    expect(verifyReturn("sha256", "other", { ...ret, hash })).toBe(false);
    expect(verifyReturn("sha256", "53-784", { ...ret, hash: "" })).toBe(false);
    expect(verifyReturn("md5", "53-784", { ...ret, hash: "69686562c29ad3f7955b1843a5c275ca" })).toBe(true);
  });
});

describe("SenangPay fields", () => {
  it("writes amounts with exactly two decimals", () => {
    expect(amountText(2450)).toBe("24.50");
    expect(amountText(100000)).toBe("1000.00");
    expect(amountText(5)).toBe("0.05");
    expect(() => amountText(1.5)).toThrow();
  });
  it("keeps only the characters detail may hold", () => {
    expect(detailText("Crew tag fee: 2 members (Penang)")).toBe("Crew_tag_fee_2_members_Penang");
    expect(detailText("x".repeat(600))).toHaveLength(500);
  });
  it("needs all five return parameters", () => {
    const q = new URLSearchParams({ ...ret, hash: "h" });
    expect(readReturnParams(q)).toEqual({ ...ret, hash: "h" });
    q.delete("msg");
    expect(readReturnParams(q)).toBeNull();
  });
  it("shows underscores as spaces", () => {
    expect(showMsg("Payment_was_successful")).toBe("Payment was successful");
  });
});
