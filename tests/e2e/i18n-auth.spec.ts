// Bahasa Melayu on the logged-out screens (issue 12, item 1), with JavaScript on and off: a browser
// that asks for Malay gets it on the first visit; the switch turns the page to English and back;
// a Malay speaker registers a club, sees the errors in Malay with nothing typed lost, lands on login
// with the Malay toast and gets the verification email in Malay.
import { expect, type Page, test } from "./fixtures";
import { EN } from "../../app/messages";
import { MS } from "../../app/messages.ms";
import { asFreshClient, linkIn, PASSWORD, toast, waitForMail } from "./helpers";

test.use({ locale: "ms-MY" });
test.beforeEach(({ page }) => asFreshClient(page));

const unique = (what: string) =>
  `${what}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function expectMalayLogin(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("heading", { name: MS.TITLES.login })).toBeVisible();
  await expect(page.getByLabel(MS.LABELS.email)).toBeVisible();
  await expect(page.getByLabel(MS.LABELS.password)).toBeVisible();
  await expect(page.getByRole("link", { name: MS.MSG.forgotPassword })).toBeVisible();
  await expect(page.getByText(MS.FOOTER.designer)).toBeVisible();
  await expect(page).toHaveTitle(`${MS.TITLES.login} | Regatta`);
}

test("a Malay browser gets the login page in Malay; the switch turns it to English and back", async ({
  page,
}) => {
  await page.goto("/auth/login");
  await expectMalayLogin(page);

  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: EN.TITLES.login })).toBeVisible();
  await expect(page.getByLabel(EN.LABELS.email)).toBeVisible();
  await expect(page.getByRole("link", { name: EN.MSG.forgotPassword })).toBeVisible();
  await expect(page).toHaveTitle(`${EN.TITLES.login} | Regatta`);
  // The cookie wins over the browser's Accept-Language on the next page too.
  await page.goto("/auth/reset");
  await expect(page.getByRole("heading", { name: EN.TITLES.reset })).toBeVisible();

  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page).toHaveURL(/\/auth\/reset$/);
  await expect(page.getByRole("heading", { name: MS.TITLES.reset })).toBeVisible();
  await expect(page.getByRole("button", { name: MS.MSG.sendResetEmail })).toBeVisible();
  await page.goto("/auth/login");
  await expectMalayLogin(page);
  // A wrong password: the toast in Malay.
  await page.getByLabel(MS.LABELS.email).fill("manager@example.com");
  await page.getByLabel(MS.LABELS.password).fill("Wrong-password1");
  await page.getByRole("button", { name: MS.TITLES.login }).click();
  await expect(toast(page, MS.MSG.loginMismatch)).toBeVisible();
});

test("a Malay speaker registers a club: errors in Malay, nothing typed lost, the Malay toast and email", async ({
  page,
}) => {
  const L = MS.LABELS;
  const email = `${unique("ms")}@example.com`;
  const team = unique("Kelab Perahu");
  await page.goto("/auth/register/manager");
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("heading", { name: L.managerRegistration })).toBeVisible();
  await expect(page).toHaveTitle(`${MS.TITLES.register} | Regatta`);
  // Country names in Malay.
  await expect(page.getByLabel(L.teamCountry).locator("option[value=DE]")).toHaveText("Jerman");
  await expect(page.getByLabel(L.teamCountry).locator("option[value='']")).toHaveText(L.selectCountry);

  await page.getByLabel(L.teamName).fill(team);
  await page.getByLabel(L.teamCountry).selectOption("MY");
  await page.getByLabel(L.email).fill(email);
  await page.getByLabel(L.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(L.confirmPassword).fill(`${PASSWORD}x`);
  await page.getByLabel(L.identification).fill("a1234567");
  await page.getByLabel(L.name, { exact: true }).fill("siti aminah");
  await page.getByLabel(L.female).check();
  await page.getByLabel(L.yob).fill("1994");
  await page.getByLabel(L.phone, { exact: true }).fill("60123456789");
  await page.getByLabel(L.address).fill("12 Jalan Tun Razak, Kuala Lumpur");
  await page.getByRole("button", { name: L.register }).click();

  // The mismatch, in Malay, at the field and in the toast; everything else as typed.
  await expect(page.locator(".field").filter({ hasText: L.confirmPassword }).getByRole("alert")).toHaveText(
    MS.MSG.passwordSame,
  );
  await expect(toast(page, MS.MSG.passwordSame)).toBeVisible();
  await expect(page.getByLabel(L.teamName)).toHaveValue(team);
  await expect(page.getByLabel(L.teamCountry)).toHaveValue("MY");
  await expect(page.getByLabel(L.email)).toHaveValue(email);
  await expect(page.getByLabel(L.identification)).toHaveValue("a1234567");
  await expect(page.getByLabel(L.name, { exact: true })).toHaveValue("siti aminah");
  await expect(page.getByLabel(L.female)).toBeChecked();
  await expect(page.getByLabel(L.yob)).toHaveValue("1994");
  await expect(page.getByLabel(L.phone, { exact: true })).toHaveValue("60123456789");
  await expect(page.getByLabel(L.address)).toHaveValue("12 Jalan Tun Razak, Kuala Lumpur");

  // Passwords are never kept: type them again, this time matching.
  await page.getByLabel(L.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(L.confirmPassword).fill(PASSWORD);
  await page.getByRole("button", { name: L.register }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, MS.MSG.registerSuccess)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");

  // The verification email speaks Malay (the language the user registered in), and so does the
  // page its link opens.
  const mail = await waitForMail(email, new RegExp(L.verifyMailSubject));
  expect(mail.text).toContain(L.verifyMailBody);
  expect(mail.text).toContain(L.mailHello("SITI AMINAH"));
  expect(mail.html).toContain(L.verifyMailLink);
  await page.goto(linkIn(mail, "/auth/verify/"));
  if (test.info().project.name === "no-js")
    await page.getByRole("button", { name: MS.MSG.verifyButton }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, MS.MSG.verifySuccess)).toBeVisible();
});
