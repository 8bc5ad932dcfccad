import { SSO_MESSAGES, ssoOutcomeSentence } from '@core/api/single-sign-on-messages';
import type { Role } from '@core/roles';
import { Alert, Button, Divider } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { messageOr } from '../../api/client';
import { startSso, useSsoOffer } from '../../api/single-sign-on';

/** "Sign in with <label>" when single sign-on is set up, and why the provider's sign-in was refused. */
export function SingleSignOnButton({ role }: { role: Role }) {
  const offer = useSsoOffer();
  const search = new URLSearchParams(useLocation().search);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const label = offer.data;
  if (!label) return null;
  const refused = ssoOutcomeSentence(search.get('sso'), search.get('email'), label);
  const go = async () => {
    setBusy(true);
    setFailure(null);
    try {
      window.location.assign(await startSso(role));
    } catch (error) {
      setFailure(messageOr(error, SSO_MESSAGES.providerDown(label)));
      setBusy(false);
    }
  };
  return (
    <>
      <Divider label="or" labelPosition="center" />
      {(failure ?? refused) && (
        <Alert color="red" role="alert">
          {failure ?? refused}
        </Alert>
      )}
      <Button variant="default" fullWidth loading={busy} onClick={() => void go()}>
        {SSO_MESSAGES.button(label)}
      </Button>
    </>
  );
}
