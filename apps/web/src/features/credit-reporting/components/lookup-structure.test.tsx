import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { bankruptcyFixture, lookupFixture } from '../../../test/credit-reporting-fixtures.ts';
import { AdditionalLoansSection } from './additional-loans-section.tsx';
import { SearchedLoanSection } from './searched-loan-section.tsx';
import { UserDetailSection } from './user-detail-section.tsx';

// The FCRA lookup's lists as assistive technology reads them (WCAG 1.3.1, axe's definition-list,
// dlitem, list and listitem rules): a dl holds only dt/dd groups (each pair directly or in one div),
// a ul/ol only li's, and every dt/dd and li sits in its list.

function expectWellFormedLists(root: HTMLElement) {
  const lists = root.querySelectorAll('dl');
  expect(lists.length).toBeGreaterThan(0);
  for (const dl of lists)
    for (const child of dl.children) {
      const tag = child.tagName.toLowerCase();
      expect(['dt', 'dd', 'div'], `a <${tag}> directly in <dl aria-label="${dl.ariaLabel}">`).toContain(tag);
      if (tag === 'div')
        expect(
          [...child.children].map((item) => item.tagName.toLowerCase()),
          'a div in a dl holds one dt/dd group',
        ).toEqual(['dt', 'dd']);
    }
  for (const item of root.querySelectorAll('dt, dd')) {
    const parent = item.parentElement!;
    const inList = parent.tagName === 'DL' || (parent.tagName === 'DIV' && parent.parentElement?.tagName === 'DL');
    expect(inList, `<${item.tagName.toLowerCase()}>${item.textContent}</…> outside a dl`).toBe(true);
  }
  for (const list of root.querySelectorAll('ul, ol'))
    for (const child of list.children) expect(child.tagName, `a child of <${list.tagName.toLowerCase()}>`).toBe('LI');
  for (const item of root.querySelectorAll('li')) expect(['UL', 'OL']).toContain(item.parentElement!.tagName);
}

describe('the FCRA lookup’s lists', () => {
  it('the searched loan: account info, consumer info and the history legend are well formed', () => {
    const { container } = renderWithProviders(<SearchedLoanSection loan={lookupFixture().loan} />);
    expectWellFormedLists(container);
    const account = container.querySelector<HTMLElement>('dl[aria-label="Account info"]')!;
    expect(within(account).getByText('Account number').tagName).toBe('DT');
    expect(
      within(screen.getByRole('list', { name: 'Payment history codes' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(5);
  });

  it('the user detail with a bankruptcy and comments is well formed', () => {
    const fixture = lookupFixture();
    const user = { ...fixture.user, bankruptcy: bankruptcyFixture() };
    const { container } = renderWithProviders(<UserDetailSection user={user} />);
    expectWellFormedLists(container);
    expect(container.querySelectorAll('dl')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Comments' })).toBeInTheDocument();
  });

  it('names the payments toggle of another loan by the words it shows (WCAG 2.5.3)', async () => {
    renderWithProviders(<AdditionalLoansSection loans={lookupFixture().additional_loans} reportDate="2026-01-20" />);
    const toggle = screen.getByRole('button', { name: 'Show payment detail of loan #640' });
    expect(toggle).toHaveTextContent(/^Show payment detail$/);
    await userEvent.click(toggle);
    const hide = screen.getByRole('button', { name: 'Hide payment detail of loan #640' });
    expect(hide).toHaveTextContent(/^Hide payment detail$/);
  });
});
