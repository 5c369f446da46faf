/** An `<option>` (built with createElement: `new Option` is not in every DOM, happy-dom's for one). */
export function option(text: string, value: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.textContent = text;
  element.value = value;
  return element;
}
