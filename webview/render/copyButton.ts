/** A Copy icon button: it says it is done for a moment (a check, and "Copied" to screen readers), then reads as before. */
import { button, icon } from "../dom";

export function copyButton(
  className: string,
  label: string,
  title: string,
  copy: () => void,
): HTMLButtonElement {
  const control = button(`icon-button ${className}`, icon("copy"));
  control.setAttribute("aria-label", label);
  control.title = title;
  let restore: ReturnType<typeof setTimeout> | undefined;
  control.addEventListener("click", () => {
    copy();
    control.replaceChildren(icon("check"));
    control.setAttribute("aria-label", "Copied");
    clearTimeout(restore);
    restore = setTimeout(() => {
      control.replaceChildren(icon("copy"));
      control.setAttribute("aria-label", label);
    }, 2_000);
  });
  return control;
}
