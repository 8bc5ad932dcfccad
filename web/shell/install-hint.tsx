import { INSTALL_MESSAGES } from '@core/api/install-messages';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

const DISMISSED_KEY = 'gatehouse.install-hint.dismissed';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

const isPhone = () => /Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
const isIos = () => /iPhone|iPad|iPod/i.test(navigator.userAgent);
const isInstalled = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

function dismissedForGood(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return true;
  }
}

/** "Install the app", once on a phone not running it installed, until dismissed for good. */
export function InstallHint() {
  const [shown, setShown] = useState(() => isPhone() && !isInstalled() && !dismissedForGood());
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
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setShown(false);
  };
  return (
    <Alert color="teal" radius={0} title={INSTALL_MESSAGES.installTitle} data-testid="install-hint">
      <Text size="sm">{isIos() ? INSTALL_MESSAGES.installIos : INSTALL_MESSAGES.installOther}</Text>
      <Group mt="xs" gap="xs">
        {prompt && (
          <Button size="sm" onClick={() => void prompt.prompt().then(dismiss)}>
            {INSTALL_MESSAGES.installButton}
          </Button>
        )}
        <Button size="sm" variant="subtle" onClick={dismiss}>
          {INSTALL_MESSAGES.dismiss}
        </Button>
      </Group>
    </Alert>
  );
}
