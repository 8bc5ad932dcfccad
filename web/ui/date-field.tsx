import { DateInput, type DateInputProps } from '@mantine/dates';
import { type KeyboardEvent, useState } from 'react';

/** On a date or time field of a form: Enter stays in the field instead of submitting the form. */
export const keepEnterInField = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * Mantine's DateInput, made safe inside forms and dialogs: Escape while the calendar
 * is open closes only the calendar, not the dialog around it, and Enter never submits the form
 * mid-edit (`onEnter` may act on it instead, such as adding the date).
 */
export function DateField({ onEnter, popoverProps, onKeyDown, ...props }: DateInputProps & { onEnter?: () => void }) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    keepEnterInField(event);
    if (event.key === 'Enter') onEnter?.();
    onKeyDown?.(event);
  };
  return (
    <DateInput
      {...props}
      onKeyDown={keyDown}
      // Mantine's modal leaves an Escape alone when its target carries this attribute.
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{
        withinPortal: true,
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
}
