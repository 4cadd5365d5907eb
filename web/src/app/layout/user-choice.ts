/**
 * Whether a change the layout reports was the user's own. Cloudscape's layout also closes the side menu by itself
 * (a phone-sized window, or while a page is still being measured and seems to have no room); its change event does
 * not say which, so a change counts as the user's only right after they pressed or clicked something. Only the
 * user's own choice is remembered for their next visit: a menu folded by the layout is folded for this view only.
 */
const USER_CHOICE_MS = 1000;

let lastInputAt = Number.NEGATIVE_INFINITY;

/** The rule: an input within the last second made the change. */
export function isUserChoice(inputAt: number, now: number): boolean {
  return now - inputAt >= 0 && now - inputAt <= USER_CHOICE_MS;
}

/** Notes every press and click, before any component handles it. */
export function watchUserInput(target: Pick<Window, 'addEventListener'> = window): void {
  const note = () => {
    lastInputAt = Date.now();
  };
  target.addEventListener('pointerdown', note, { capture: true, passive: true });
  target.addEventListener('keydown', note, { capture: true, passive: true });
}

/** Whether the user pressed or clicked something just now. */
export const userJustActed = () => isUserChoice(lastInputAt, Date.now());
