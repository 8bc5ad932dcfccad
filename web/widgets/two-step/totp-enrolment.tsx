import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOr } from '../../api/client';
import { useTotpConfirm, useTotpSetup } from '../../api/second-factor';
import { copyText } from '../../ui/copy-text';
import { downloadText } from '../../ui/download-text';

const RECOVERY_FILE = 'gatehouse-recovery-codes.txt';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="xs">
      <Alert color="teal" title="Two-step verification is on">
        Save these recovery codes somewhere safe. Each works once if you lose your phone. They are shown only now.
      </Alert>
      <List type="ordered" withPadding spacing={2} data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code>{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() =>
            void copyText(codes.join('\n'), 'Recovery codes copied', 'The codes could not be copied: use Download.')
          }
        >
          Copy codes
        </Button>
        <Button variant="default" onClick={() => downloadText(RECOVERY_FILE, `${codes.join('\n')}\n`, 'text/plain')}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Group>
    </Stack>
  );
}

/** Enrols an authenticator app: QR code (and the secret as text), then its first code, then recovery codes. */
export function TotpEnrolment({ onStarted, onDone }: { onStarted: () => void; onDone: () => void }) {
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} />;
  if (!setup.data) {
    return (
      <Stack gap="xs" align="flex-start">
        {setup.isError && <Alert color="red">{messageOr(setup.error, 'Could not start the setup.')}</Alert>}
        <Button onClick={() => setup.mutate(undefined, { onSuccess: onStarted })} loading={setup.isPending}>
          Set up an authenticator app
        </Button>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm">
          Scan this QR code with your authenticator app. On the phone that has the app, copy the key and paste it into
          the app instead.
        </Text>
        <Image src={setup.data.qrCode} alt="QR code for your authenticator app" w={180} h={180} />
        <Group gap="xs">
          <Text size="sm">
            Key: <Code data-testid="totp-secret">{setup.data.secret}</Code>
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              void copyText(setup.data.secret, 'Key copied', 'The key could not be copied: type it into the app.')
            }
          >
            Copy key
          </Button>
        </Group>
        <TextInput
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={confirm.isError ? messageOr(confirm.error, 'That code did not work.') : undefined}
          maw={220}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
