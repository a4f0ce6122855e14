import { Alert, Button, Drawer, Loader, Menu, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';

const renderThemed = (ui: React.ReactNode) =>
  render(
    <Providers queryClient={createQueryClient()} env="test">
      {ui}
    </Providers>,
  );

describe('the theme’s accessible defaults', () => {
  it('names the close buttons of modals, drawers and alerts', () => {
    renderThemed(
      <>
        <Modal opened onClose={() => undefined} title="A modal">
          Body
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          Body
        </Drawer>
        <Alert withCloseButton title="An alert" onClose={() => undefined} />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('makes a spinner a progress bar, which may carry its name (a bare span may not: axe aria-prohibited-attr)', () => {
    renderThemed(<Loader aria-label="Loading the history" />);
    expect(screen.getByRole('progressbar', { name: 'Loading the history' })).toBeInTheDocument();
  });

  it('opens a menu with nothing but its items inside (no presentation placeholder)', async () => {
    renderThemed(
      <Menu>
        <Menu.Target>
          <Button>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Change date…</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu');
    expect(menu.querySelector('[role="presentation"]')).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Change date…' })).toBeInTheDocument();
  });
});
