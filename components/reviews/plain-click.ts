import type { MouseEvent } from "react";

/**
 * A plain left click on a link, which the page may handle itself; a click with a modifier (new
 * tab, new window, download) or another button is left to the browser.
 */
export function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}
