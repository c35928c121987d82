/**
 * happy-dom's <dialog> may lack the modal API; a minimal stand-in keeps `open` in step. Call it from a
 * test file's `beforeAll` before rendering anything that opens a modal.
 */
export function installDialogStandIn(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void; close?: () => void };
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  }
}
