import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row's secondary actions behind one "⋯" button (More actions), so a table row holds Edit, Delete and this
 * at most. The items are Menu.Item elements (a link is `component={Link}`).
 */
export function RowMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" px={8} aria-label={`More actions for ${name}`} title="More actions">
          <span aria-hidden="true">⋯</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
