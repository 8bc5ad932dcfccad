import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new screen starts at its top: a link or a redirect scrolls the window up, so a phone never
 * opens a screen mid-list without its title. Back and forward (POP) leave the browser's own
 * scroll restoration alone.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new screen, named by its path
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
