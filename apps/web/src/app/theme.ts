import type { ComponentPropsWithoutRef } from 'react';
import {
  createTheme,
  type AlertFactory,
  type AnchorFactory,
  type CloseButtonFactory,
  type DrawerFactory,
  type ExtendComponent,
  type FactoryPayload,
  type InputClearButtonFactory,
  type LoaderFactory,
  type MenuFactory,
  type ModalFactory,
  type SelectFactory,
} from '@mantine/core';
import { readableColors } from './readable-colors.ts';

// A component's defaults, typed as its X.extend() would type them (Element: the attributes of the
// element a polymorphic component renders, CloseButton's button). Not Select.extend() itself: that
// imports Select (and Modal, Drawer...) into every page, the sign-in page too, which shows none of
// them (about 40 kB of its 150 kB, issue 28).
const extend = <Payload extends FactoryPayload, Element extends object = object>(
  input: ExtendComponent<Payload> & { defaultProps?: Partial<Element> },
) => input;

// WCAG 2.2 AA (docs/decisions, accessibility): the colours are Mantine's with the text shades
// darkened to 4.5:1 (readable-colors.ts); every close button has a name; links are underlined, so a
// link inside dimmed text is told apart without its colour. Focus rings and target sizes: app.css.
export const theme = createTheme({
  primaryColor: 'indigo',
  colors: readableColors,
  defaultRadius: 'md',
  fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Picking the option already chosen keeps it (Mantine's default clears it, and a form then
    // saved the field empty). A field that may be emptied says so with `clearable`.
    Select: extend<SelectFactory>({ defaultProps: { allowDeselect: false } }),
    // Mantine's close buttons are an icon without a name; a screen reader said only "button".
    Modal: extend<ModalFactory>({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: extend<DrawerFactory>({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Alert: extend<AlertFactory>({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
    InputClearButton: extend<InputClearButtonFactory>({ defaultProps: { 'aria-label': 'Clear' } }),
    // Any other close button (a popover's, a pill's) is at least called Close; a caller's own
    // aria-label still wins.
    CloseButton: extend<CloseButtonFactory, ComponentPropsWithoutRef<'button'>>({
      defaultProps: { 'aria-label': 'Close' },
    }),
    Anchor: extend<AnchorFactory>({ defaultProps: { underline: 'always' } }),
    // A spinner is a progress bar of unknown length. Mantine's is a bare span, which may not carry
    // the name every spinner here is given ("Loading the history"): axe's aria-prohibited-attr,
    // seen on the analytics page when it loaded slowly beside a CPU hog.
    Loader: extend<LoaderFactory, ComponentPropsWithoutRef<'span'>>({ defaultProps: { role: 'progressbar' } }),
    // Mantine puts a role="presentation" focus placeholder inside the role="menu" dropdown, which
    // a menu may not contain (axe aria-required-children); without it an opened menu focuses its
    // first item, as the ARIA menu button pattern has it.
    Menu: extend<MenuFactory>({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});
