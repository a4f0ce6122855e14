import { expectNoAxeViolations } from './axe.ts';
import { DEMO_EMAIL, expect, goOnline, screenshot, signIn, test } from './fixtures.ts';

const ticketHeading = /^Ticket #\d+$/;
// The seeded 'closing' macro, given a new text here; no other spec uses it.
const EDITED = 'Thanks for your patience, {first_name}! Is there anything else I can help with today?';

test('an editor changes a macro, sees it saved in its history, and an agent replies with the new text', async ({
  page,
}) => {
  await signIn(page, DEMO_EMAIL);
  await page.getByRole('button', { name: 'Editors' }).click();
  await page.getByRole('menuitem', { name: 'Macros' }).click();
  await expect(page).toHaveURL(/\/macros$/);
  await expect(page.getByRole('heading', { name: 'Macro editor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New macro' })).toBeVisible();
  await screenshot(page, 'macros-empty', { fullPage: true });

  // The title's suggestions come from the macros there are; Enter loads what is typed.
  const title = page.getByRole('combobox', { name: 'Macro title' });
  await title.fill('clos');
  await expect(page.getByRole('option', { name: 'closing' })).toBeVisible();
  await screenshot(page, 'macros-suggestions', { fullPage: true });
  await title.fill('closing');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Editing #closing' })).toBeVisible();
  const text = page.getByRole('textbox', { name: 'Text' });
  await expect(text).toHaveValue(/^Is there anything else I can help you with today\?/);
  await expect(page.getByText('No saved versions yet')).toBeVisible();
  await screenshot(page, 'macros-loaded', { fullPage: true });

  // An unknown title: said so, and the form is a new macro of that title.
  await title.fill('no_such_macro');
  await title.press('Enter');
  await expect(page.getByText("That macro doesn't exist yet!")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('no_such_macro');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('MACRO NEEDS A BODY')).toBeVisible();
  await expect(page.getByText("That macro doesn't exist yet!")).toBeVisible();
  await screenshot(page, 'macros-unknown-title', { fullPage: true });

  // Back to closing: a new text with a placeholder the ticket fills and tags de-duplicated.
  await title.fill('closing');
  await title.press('Enter');
  await expect(page.getByRole('heading', { name: 'Editing #closing' })).toBeVisible();

  // The variables, listed with what each is: a click puts one at the cursor; a name the Portal does
  // not know is warned of as it is typed (and refused on save).
  await text.fill('Your payoff is  today.');
  await text.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(15, 15));
  const accountGroup = page.getByRole('button', { name: "From the customer's account (13)" });
  await accountGroup.click();
  // The group's panel opens with an animation: the click waits for it to be open and still.
  await expect(accountGroup).toHaveAttribute('aria-expanded', 'true');
  const insertPayoff = page.getByRole('button', { name: 'Insert {payoff_amount}' });
  await expect(insertPayoff).toBeInViewport();
  await expect(text).toHaveValue('Your payoff is  today.');
  await insertPayoff.click();
  await expect(text).toHaveValue('Your payoff is {payoff_amount} today.');
  await expect(text).toBeFocused();
  await text.press('End');
  await text.pressSequentially(' {frist_name}');
  await expect(page.getByRole('note').filter({ hasText: 'The text uses {frist_name}' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'As a text message' })).toContainText('Your payoff is $1,284.17 today.');
  await expectNoAxeViolations(page);
  await screenshot(page, 'macros-variables', { fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^The text uses \{frist_name\}, which is not a variable/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Macro #closing is saved.' })).toHaveCount(0);

  await text.fill(EDITED);
  const tags = page.getByRole('textbox', { name: 'Tags' });
  await tags.fill('General, Closings, general');
  // Enter in Tags ends the tag and does not save (it did, and a later Save made a second version).
  await tags.press('Enter');
  await expect(tags).toHaveValue('General, Closings, general, ');
  await expect(page.getByText('No saved versions yet')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Macro #closing is saved.' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Tags as they will be saved' }).getByRole('listitem')).toHaveText([
    'General',
    'Closings',
  ]);
  const sms = page.getByRole('group', { name: 'As a text message' });
  await expect(sms).toContainText('Thanks for your patience, Maria!');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await screenshot(page, 'macros-edited', { fullPage: true });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Macro #closing is saved.' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Saved versions' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('Current');
  await expect(history.getByRole('listitem').first()).toContainText('Saved by');
  await expect(history.getByRole('listitem').first()).toContainText('Thanks for your patience');
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await screenshot(page, 'macros-saved', { fullPage: true });

  // Leaving with an edit asks first.
  await text.fill(`${EDITED} Not kept.`);
  await page.getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  // The modal's fade-in finished, and the viewport the overlay covers.
  await screenshot(page, 'macros-leave-guard', { animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Discard changes' }).click();

  // The workspace: #closing + Enter gives the new text, the customer's first name filled in.
  await goOnline(page);
  const heading = page.getByRole('heading', { name: ticketHeading });
  await expect(heading).toBeVisible();
  const ticketId = (await heading.textContent())?.replace('Ticket #', '');
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.click();
  await reply.pressSequentially('#closing');
  await reply.press('Enter');
  await expect(reply).toHaveValue(
    /^Thanks for your patience, [^{}\s]+! Is there anything else I can help with today\?$/,
  );
  await screenshot(page, 'macros-reply', { fullPage: true });

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Ticket #${ticketId} sent` })).toBeVisible();
});
