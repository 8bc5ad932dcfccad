/**
 * After a refused submit: brings the form's first invalid field to the middle of the screen (clear
 * of the sticky header) and focuses it, once the errors have rendered.
 */
export function revealFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  });
}
