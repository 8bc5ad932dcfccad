import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { useCallPhoto } from '../../widgets/intercom/use-call-photo';
import { CallVideo } from './call-video';
import classes from './calls.module.css';
import { OVER_WORDS } from './resident-call-state';
import { useResidentCall } from './use-resident-call';

/**
 * /calls/<call id>: a call from a gate, opened by the push tap or by Answer on the ringing panel.
 * Ringing: the caller's still, Answer and Decline. Answered here: the caller's live video, the
 * resident's voice (their camera only if they turn it on), Open gate and Hang up.
 */
export function CallPage() {
  const { callId = '' } = useParams();
  const answerNow = Boolean((useLocation().state as { answer?: boolean } | null)?.answer);
  const call = useResidentCall(callId, answerNow);
  const { state } = call;
  const photo = useCallPhoto(callId, 'call' in state ? state.call.hasPhoto : undefined);
  const gateName = 'call' in state ? state.call.gate.name : 'Gate';

  return (
    <Stack gap="md" className={classes.screen}>
      <Title order={1} size="h2">
        {state.kind === 'ringing' ? `${gateName} is calling` : `Call from ${gateName}`}
      </Title>
      {state.kind === 'loading' && <Loader aria-label="Loading the call" />}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      )}
      {(state.kind === 'ringing' || state.kind === 'elsewhere' || state.kind === 'over') &&
        (photo ? (
          <img className={classes.photo} src={photo} alt={`The caller at ${gateName}`} />
        ) : (
          <Text c="dimmed">No photo of the caller.</Text>
        ))}
      {state.kind === 'ringing' && (
        <Group grow>
          <Button size="xl" color="green" onClick={call.answer}>
            Answer
          </Button>
          <Button size="xl" color="red" onClick={call.decline}>
            Decline
          </Button>
        </Group>
      )}
      {(state.kind === 'connecting' || state.kind === 'live') && (
        <>
          <CallVideo stream={call.remote} gateName={gateName} />
          {state.kind === 'connecting' && (
            <Text role="status" size="lg">
              Connecting…
            </Text>
          )}
          {call.opened && (
            <Alert color="green" variant="filled" role="status" title="Gate opened">
              {`${gateName} is opening.`}
            </Alert>
          )}
          {call.openError && (
            <Alert color="red" role="alert">
              {call.openError}
            </Alert>
          )}
          <Button size="xl" color="green" onClick={call.openGate} loading={call.opening}>
            Open gate
          </Button>
          <Group grow>
            <Button size="lg" variant="default" onClick={call.toggleCamera}>
              {call.cameraOn ? 'Turn my camera off' : 'Turn my camera on'}
            </Button>
            <Button size="lg" color="red" onClick={call.hangUp}>
              Hang up
            </Button>
          </Group>
        </>
      )}
      {state.kind === 'elsewhere' && (
        <Alert color="blue" role="status" title="Answered on another device">
          You or someone on your account answered this call on another device.
        </Alert>
      )}
      {state.kind === 'over' && (
        <Alert color={state.why === 'lost' ? 'red' : 'gray'} role="status" title="Call over">
          {state.call.reason ?? OVER_WORDS[state.why]}
        </Alert>
      )}
    </Stack>
  );
}
