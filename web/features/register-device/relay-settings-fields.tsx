import type { RelayDriverName } from '@core/api/devices';
import { Accordion, NumberInput, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { driverOptions } from '../../widgets/devices/device-connection';
import type { RegisterDeviceForm } from './register-device-form';

/** The relay's driver, channel, pulse length and credentials; folded away, with working defaults. */
export function RelaySettingsFields({
  form,
  update,
}: {
  form: RegisterDeviceForm;
  update: (patch: Partial<RegisterDeviceForm>) => void;
}) {
  return (
    <Accordion variant="contained">
      <Accordion.Item value="relay">
        <Accordion.Control>Relay settings (optional)</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Relay driver"
              data={driverOptions(form.connection)}
              value={form.driver}
              allowDeselect={false}
              onChange={(driver) => update({ driver: (driver ?? 'shelly-gen1') as RelayDriverName })}
            />
            <NumberInput
              label="Relay channel"
              min={0}
              max={16}
              value={form.channel}
              onChange={(value) => update({ channel: Number(value) || 0 })}
            />
            <NumberInput
              label="Pulse seconds"
              min={1}
              max={60}
              value={form.pulseSeconds}
              onChange={(value) => update({ pulseSeconds: Number(value) || 1 })}
            />
            {form.driver === 'http-template' && (
              <TextInput
                label="Path template"
                placeholder="/open?channel={channel}&seconds={seconds}"
                value={form.pathTemplate}
                onChange={(e) => update({ pathTemplate: e.currentTarget.value })}
              />
            )}
            {/* An MQTT relay's login is on the broker, not on the relay. */}
            {form.connection === 'http' && (
              <>
                <TextInput
                  label="Relay username"
                  autoComplete="off"
                  value={form.username}
                  onChange={(e) => update({ username: e.currentTarget.value })}
                />
                <PasswordInput
                  label="Relay password"
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(e) => update({ password: e.currentTarget.value })}
                />
              </>
            )}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
