import { ActionIcon } from '@mantine/core';
import type { MouseEvent, Ref } from 'react';
import { BellIcon } from './bell-icon';

/**
 * The header's bell button, the same before and after its panel's code has loaded; what
 * `Popover.Target` adds (its ref, aria-haspopup, aria-controls) passes through.
 */
export function BellButton({
  opened,
  onClick,
  ref,
  ...target
}: {
  opened: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <ActionIcon
      ref={ref}
      ml="auto"
      variant="subtle"
      color="white"
      size="lg"
      onClick={onClick}
      aria-label="Notifications"
      aria-expanded={opened}
      {...target}
    >
      <BellIcon />
    </ActionIcon>
  );
}
