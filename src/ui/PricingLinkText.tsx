import { Link } from '@tanstack/react-router';

const WORD = 'Pricing';

/**
 * A message from the server with its word 'Pricing' made a link to the plans: a refusal over a plan's
 * limit (the storage quota) ends by pointing there. Any other message shows as it is.
 */
export function PricingLinkText({ text }: { text: string }) {
  const at = text.indexOf(WORD);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Link to="/pricing">{WORD}</Link>
      {text.slice(at + WORD.length)}
    </>
  );
}
