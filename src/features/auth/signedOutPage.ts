/**
 * What a signed-out visitor sees on a page of their own things (docs/PRODUCT.md, Routes). A route under
 * `_signedIn` that names one shows it; one that does not sends the visitor to sign in.
 */
export interface SignedOutPage {
  /** The page's own heading, kept above the prompt. */
  header?: string;
  title: string;
  text?: string;
  /** The button's words ('Sign in' unless the page names others). */
  action?: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    signedOut?: SignedOutPage;
  }
}
