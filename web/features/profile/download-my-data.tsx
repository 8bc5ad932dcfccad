import { OWN_DATA_MESSAGES } from '@core/api/own-data';
import { Button, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { downloadMyData } from '../../api/own-data';
import { toast } from '../../ui/toast';

/** "Download my data": everything Gatehouse holds about the signed-in person, as one JSON file. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
      toast(OWN_DATA_MESSAGES.downloaded, 'success');
    } catch (error) {
      toast(messageOr(error, 'Could not download your data. Please try again.'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Title order={2} size="h3">
        {OWN_DATA_MESSAGES.downloadTitle}
      </Title>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" maw={420}>
          {OWN_DATA_MESSAGES.downloadHint}
        </Text>
        <Button variant="default" onClick={download} loading={busy}>
          {OWN_DATA_MESSAGES.downloadButton}
        </Button>
      </Group>
    </>
  );
}
