import { List, Stack, Text, Title } from '@mantine/core';
import { SUPPORT_EMAIL } from '../../ui/company';

export function PrivacyPolicyPage() {
  return (
    <Stack maw={760} mx="auto" gap="md">
      <Title order={1}>Privacy Policy</Title>
      <Text c="dimmed">This notice explains what Gatehouse collects, why, and the choices you have.</Text>

      <Title order={2} size="h3">
        Information we collect
      </Title>
      <Text>
        We collect the details needed to run gate access for your property: your name, email address, optional phone
        number, the property you live at or manage, your keypad PIN where your property uses one, the visitors you
        register (name, email and the times they may enter), and a record of every gate opening or attempt (who, which
        gate, when and with what result).
      </Text>

      <Title order={2} size="h3">
        SMS notifications (opt-in)
      </Title>
      <Text>
        SMS notifications are opt-in: the SMS option is unchecked by default and we never send you a text message unless
        you turn it on in your Profile. You can turn it off at any time. Message and data rates may apply.
      </Text>

      <Title order={2} size="h3">
        How we share information
      </Title>
      <Text>
        We do not sell your information. To deliver text messages, a third-party SMS provider receives your phone number
        and the text of the message. Email is delivered by our email provider. Your property manager sees the residents,
        visitors and gate activity of their own property.
      </Text>

      <Title order={2} size="h3">
        Retention
      </Title>
      <Text>
        We keep your account, your visitors and your access history (the gate openings and attempts by you and by your
        visitors) while your account exists; your property manager sees them in the property&apos;s gate activity log.
        Deleting your account is permanent: it removes your visitor records and your access history with it.
      </Text>

      <Title order={2} size="h3">
        Minors
      </Title>
      <Text>Gatehouse is not directed to children under 13 and we do not knowingly collect their information.</Text>

      <Title order={2} size="h3">
        Your rights
      </Title>
      <List>
        <List.Item>See your name, email address and phone number in your Profile.</List.Item>
        <List.Item>
          To correct your name, email address or phone number, ask your property manager, who can change them for you (a
          property manager asks their Gatehouse administrator).
        </List.Item>
        <List.Item>Turn email and SMS notifications on or off in your Profile at any time.</List.Item>
        <List.Item>
          Ask us for a copy of your information, or ask us to delete your account (see Request account deletion).
        </List.Item>
      </List>

      <Title order={2} size="h3">
        Contact
      </Title>
      <Text>Questions about this notice: {SUPPORT_EMAIL}.</Text>
    </Stack>
  );
}
