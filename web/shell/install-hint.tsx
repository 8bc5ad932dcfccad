import { INSTALL_MESSAGES } from '@core/api/install-messages';
import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

const DISMISSED_KEY = 'gatehouse.install-hint.dismissed';
const NOT_NOW_KEY = 'gatehouse.install-hint.not-now';
const OPENED_AS_APP_KEY = 'gatehouse.opened-as-app';
/** The manifest's start_url carries this: a visit that began there is the installed app. */
const APP_START_SOURCE = 'app';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

function read(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) === '1';
  } catch {
    return true;
  }
}

function remember(storage: () => Storage, key: string) {
  try {
    storage().setItem(key, '1');
  } catch {
    // Private mode: hidden for this page only.
  }
}

// Read once as the app loads, before any redirect (to sign in) drops the query.
if (new URLSearchParams(window.location.search).get('source') === APP_START_SOURCE) {
  remember(() => sessionStorage, OPENED_AS_APP_KEY);
}

const isPhone = () => /Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
const isIos = () => /iPhone|iPad|iPod/i.test(navigator.userAgent);
const isInstalled = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true ||
  read(() => sessionStorage, OPENED_AS_APP_KEY);

const wanted = () =>
  isPhone() && !isInstalled() && !read(() => localStorage, DISMISSED_KEY) && !read(() => sessionStorage, NOT_NOW_KEY);

/**
 * "Install the app" on a phone browser, in a short strip: not in the installed app, hidden for
 * this visit by "Not now", for good by "Don’t show again".
 */
export function InstallHint() {
  const [shown, setShown] = useState(wanted);
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    const keep = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', keep);
    return () => window.removeEventListener('beforeinstallprompt', keep);
  }, []);
  if (!shown) return null;
  const hide = (storage: () => Storage, key: string) => () => {
    remember(storage, key);
    setShown(false);
  };
  const dismiss = hide(() => localStorage, DISMISSED_KEY);
  return (
    <Box
      component="aside"
      aria-label={INSTALL_MESSAGES.installTitle}
      data-testid="install-hint"
      px="sm"
      py={6}
      bg="teal.0"
      c="teal.9"
    >
      <Text size="xs">
        <Text span fw={700} size="xs">
          {INSTALL_MESSAGES.installTitle}:
        </Text>{' '}
        {isIos() ? INSTALL_MESSAGES.installIos : INSTALL_MESSAGES.installOther}
      </Text>
      <Group gap={4} mt={4}>
        {prompt && (
          <Button size="compact-xs" onClick={() => void prompt.prompt().then(dismiss)}>
            {INSTALL_MESSAGES.installButton}
          </Button>
        )}
        <Button size="compact-xs" variant="subtle" color="dark" onClick={hide(() => sessionStorage, NOT_NOW_KEY)}>
          {INSTALL_MESSAGES.notNow}
        </Button>
        <Button size="compact-xs" variant="subtle" color="dark" onClick={dismiss}>
          {INSTALL_MESSAGES.dismiss}
        </Button>
      </Group>
    </Box>
  );
}
