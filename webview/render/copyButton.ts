/** A Copy icon button: it says it is done for a moment (a check, and "Copied" to screen readers), then reads as before. */
import { button, icon } from "../dom";

export function copyButton(
  className: string,
  label: string,
  title: string,
  copy: () => void,
): HTMLButtonElement {
  const copyButton = button(`icon-button ${className}`, icon("copy"));
  copyButton.setAttribute("aria-label", label);
  copyButton.title = title;
  let restore: ReturnType<typeof setTimeout> | undefined;
  copyButton.addEventListener("click", () => {
    copy();
    copyButton.replaceChildren(icon("check"));
    copyButton.setAttribute("aria-label", "Copied");
    clearTimeout(restore);
    restore = setTimeout(() => {
      copyButton.replaceChildren(icon("copy"));
      copyButton.setAttribute("aria-label", label);
    }, 2_000);
  });
  return copyButton;
}
