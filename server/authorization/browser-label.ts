import Bowser from 'bowser';

/** "Chrome on Linux": how a session is named in Profile, from its user agent. */
export function browserLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || 'Unknown browser';
  const os = parsed.os.name;
  return (os ? `${browser} on ${os}` : browser).slice(0, 100);
}
