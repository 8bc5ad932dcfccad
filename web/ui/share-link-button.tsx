import { Button } from '@mantine/core';
import { copyText } from './copy-text';
import { toast } from './toast';

/** Whether this browser has the phone's own share sheet (the Web Share API). */
const canShare = (data: ShareData) =>
  typeof navigator !== 'undefined' &&
  typeof navigator.share === 'function' &&
  (typeof navigator.canShare !== 'function' || navigator.canShare(data));

/**
 * Shares a link with a sentence through the phone's share sheet (messages, mail, chat apps); where
 * the browser has none (most desktops), the button is "Copy link" and copies it instead.
 */
export function ShareLinkButton({
  url,
  text,
  title,
  copied,
}: {
  url: string;
  text: string;
  title: string;
  /** Said once the link is copied. */
  copied: string;
}) {
  const data = { title, text, url };
  const share = async () => {
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== 'AbortError') toast('The link could not be shared. Try Copy link.', 'error');
    }
  };
  const copy = () => copyText(url, copied, 'The link could not be copied: open it and share it from there.');
  const sheet = canShare(data);
  return (
    <Button mih={44} variant="default" onClick={() => void (sheet ? share() : copy())}>
      {sheet ? 'Share' : 'Copy link'}
    </Button>
  );
}
