// Issue 12, item 2: the keyboard alone. The login form is reached, filled and sent with Tab and
// Enter, with a visible focus ring on each control; a dialog (a child route) opens from its link
// with Enter. With JavaScript the dialog takes focus, keeps Tab and Shift+Tab inside, and Escape or
// its close link returns focus to the link that opened it; without, it is a plain page whose close
// link goes back to the list.
import { expect, type Locator, type Page, test } from "./fixtures";
import { DEMO, isJs, PASSWORD } from "./helpers";
import { loginAs } from "./login";

/** Presses Tab (or `key`) until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 30, key = "Tab") {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element draws a ring: an outline at least 2px wide, or a box shadow. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      outline: s.outlineStyle !== "none" ? Number.parseFloat(s.outlineWidth) : 0,
      shadow: s.boxShadow,
    };
  });
  expect(ring.outline >= 2 || ring.shadow !== "none", `focus ring on ${target}`).toBe(true);
}

test("the login form is filled and sent with the keyboard alone, each control showing its focus", async ({
  page,
}) => {
  await page.goto("/auth/login");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");
  const submit = page.getByRole("button", { name: "Login" });
  await tabTo(page, email);
  await expectFocusRing(email);
  await page.keyboard.type(DEMO.COMPETITOR);
  await page.keyboard.press("Tab");
  await expectFocusRing(password);
  await page.keyboard.type(PASSWORD);
  await tabTo(page, submit, 5);
  await expectFocusRing(submit);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  // The sidebar's links show their ring too (amber on navy).
  const home = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Home", exact: true });
  await tabTo(page, home);
  await expectFocusRing(home);
});

test("a dialog opens with Enter; with JavaScript it keeps focus inside and gives it back on closing", async ({
  page,
}) => {
  await loginAs(page, "ADMIN");
  const eventId = 1;
  await page.goto(`/rounds?event=${eventId}`);
  const opener = page.getByRole("link", { name: "Create Round" });
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/rounds\/new\?event=/);
  const dialog = page.getByRole("dialog", { name: "Create Round" });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("link", { name: "Close" });
  const name = dialog.getByLabel("Name");

  if (!isJs()) {
    // A plain page that starts with focus in the dialog (autofocus): Tab reaches its fields and
    // its close link, which goes back to the list.
    await expect(dialog).toBeFocused();
    await tabTo(page, name, 5);
    await expectFocusRing(name);
    await tabTo(page, close, 5, "Shift+Tab");
    await expectFocusRing(close);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${eventId}$`));
    await expect(dialog).toHaveCount(0);
    return;
  }

  // Focus is in the dialog; forty presses of Tab, and of Shift+Tab, never leave it.
  await expect(dialog).toBeFocused();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    expect(await inside(), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inside(), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await tabTo(page, name);
  await expectFocusRing(name);

  // Escape closes it and the opener has focus again.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${eventId}$`));
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // So does its close link (×), pressed with Enter.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, close);
  await expectFocusRing(close);
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
