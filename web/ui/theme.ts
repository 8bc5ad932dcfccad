import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** A palette whose darkest shade reads at 4.5:1 (WCAG AA) on its lightest shade, and so on white. */
function readable(palette: MantineColorsTuple): MantineColorsTuple {
  let darkest = palette[9];
  for (let amount = 0.05; contrast(darkest, palette[0]) < 4.6 && amount < 1; amount += 0.05) {
    darkest = darken(palette[9], amount);
  }
  return [...palette.slice(0, 9), darkest] as unknown as MantineColorsTuple;
}

// Shade 9 for filled and light-variant text, shade 0 behind light variants, and a darker "dimmed":
// every text keeps WCAG AA contrast (green, yellow and orange's own shade 9 do not).
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  colors: Object.fromEntries(Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, readable(palette)])),
  // Plain objects, not Modal.extend(): importing Modal here would put it in every first download.
  // A dialog's header is a <div>, not a <header>: a <header> reads as a second banner landmark.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/** Placeholders read at 4.5:1 on white and on the grey of filled inputs. */
const PLACEHOLDER = '#6b727a';

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-placeholder': PLACEHOLDER,
    // Field errors are small text: the darkest red keeps them at AA.
    '--mantine-color-error': resolved.colors.red[9],
    ...Object.fromEntries(
      Object.keys(resolved.colors).map((name) => [`--mantine-color-${name}-light`, `var(--mantine-color-${name}-0)`]),
    ),
    // Mantine hovers a shade-9 button with the lighter shade 8 (white on teal 8 is 3.9:1): go darker instead.
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, palette]) => [
        `--mantine-color-${name}-filled-hover`,
        darken(palette[9], 0.15),
      ]),
    ),
  },
  dark: {},
});
