import { BACK_TO_TOP_AFTER_PX } from '@core/constants';
import { Affix, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';

/** Appears once the page is scrolled past 300 px (docs/SPEC.md §9). */
export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > BACK_TO_TOP_AFTER_PX}>
        {(styles) => (
          <Button style={styles} onClick={() => scrollTo({ y: 0 })}>
            Back to top
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
