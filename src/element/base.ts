/**
 * The elements' base class: `HTMLElement` in a browser, a bare class elsewhere, so
 * importing `mdq/element` on a server (a framework's server render) does not throw;
 * the elements are only defined where `customElements` exists.
 */
export const BaseElement: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;
