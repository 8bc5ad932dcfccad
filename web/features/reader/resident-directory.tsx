import { UnstyledButton } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import classes from './intercom.module.css';
import { type DirectoryEntry, searchDirectory } from './intercom-api';

const TYPED_PAUSE_MS = 250;
const FEWEST_LETTERS = 2;

type Found = { kind: 'idle' } | { kind: 'found'; entries: DirectoryEntry[] } | { kind: 'failed'; message: string };

/** The gate's directory: the start of a first or last name, then one tap on the person to call. */
export function ResidentDirectory({
  deviceKey,
  onChoose,
  onCancel,
}: {
  deviceKey: string;
  onChoose: (entry: DirectoryEntry) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'idle' });
  const query = typed.trim();

  useEffect(() => {
    if (query.length < FEWEST_LETTERS) return setFound({ kind: 'idle' });
    let current = true;
    const timer = setTimeout(async () => {
      const reply = await searchDirectory(deviceKey, query);
      if (!current) return;
      if (reply.kind === 'answer') setFound({ kind: 'found', entries: reply.data.entries });
      else if (reply.kind === 'refused' || reply.kind === 'unpaired')
        setFound({ kind: 'failed', message: reply.message });
      else setFound({ kind: 'failed', message: 'The directory cannot be reached. Please try again.' });
    }, TYPED_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [deviceKey, query]);

  return (
    <section className={classes.panel} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={classes.panelTitle}>
        Call a resident
      </h2>
      <label className={classes.nameLabel} htmlFor={inputId}>
        Name
        <input
          id={inputId}
          className={classes.nameInput}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the panel opens from a tap on "Call a resident" to type a name.
          autoFocus
        />
      </label>
      {found.kind === 'idle' && <p className={classes.hint}>Type the first letters of a first or last name.</p>}
      {found.kind === 'failed' && (
        <p className={classes.hint} role="alert">
          {found.message}
        </p>
      )}
      {found.kind === 'found' &&
        (found.entries.length === 0 ? (
          <p className={classes.hint} role="status">
            Nobody by that name. Check the spelling.
          </p>
        ) : (
          <ul className={classes.entries} aria-label="Residents">
            {found.entries.map((entry) => (
              <li key={entry._id}>
                <UnstyledButton className={classes.entry} onClick={() => onChoose(entry)}>
                  {entry.displayName}
                </UnstyledButton>
              </li>
            ))}
          </ul>
        ))}
      <div className={classes.actions}>
        <UnstyledButton className={classes.secondary} onClick={onCancel}>
          Cancel
        </UnstyledButton>
      </div>
    </section>
  );
}
