import { TIME_STEP_MINUTES } from '@core/constants';
import { parseTypedTime } from '@core/time/typed-time';
import { ActionIcon, Menu, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { keepEnterInField } from './date-field';

/** The picker's choices: every hour of the day, in the SPEC's 60-minute steps. */
const PICKABLE = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, step) => {
  const minutes = step * TIME_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const ClockIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'rightSection'> & {
  /** 'HH:mm', or what was typed while it is not a time yet (so the form can say so). */
  value: string;
  onChange: (time: string) => void;
};

/**
 * A time of day as the app writes it everywhere (docs/decisions/0085): 24-hour "HH:MM" text, with
 * an hour picker beside it. What a person types is understood ("9am", "930", "9:30 pm") and shown
 * as "09:00" once they leave the field; what is not a time is passed on as typed, for the form's
 * own sentence.
 */
export function TimeField({ value, onChange, onBlur, onKeyDown, disabled, size, ...props }: Props) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextInput
      {...props}
      size={size}
      disabled={disabled}
      placeholder={props.placeholder ?? 'HH:MM'}
      autoComplete="off"
      value={typed ?? value}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        onChange(parseTypedTime(text) ?? text);
      }}
      onBlur={(event) => {
        setTyped(null);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        keepEnterInField(event);
        onKeyDown?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <Menu position="bottom-end" withinPortal disabled={disabled}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size={size === 'xs' ? 'sm' : 'md'} aria-label="Pick an hour">
              <ClockIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown mah={260} style={{ overflowY: 'auto' }}>
            {PICKABLE.map((time) => (
              <Menu.Item key={time} onClick={() => onChange(time)} fw={time === value ? 700 : undefined}>
                {time}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      }
    />
  );
}
