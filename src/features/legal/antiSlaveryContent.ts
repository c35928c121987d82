import { SUPPORT_EMAIL, type LegalSection } from './legalMeta';

/** The policy's headings, in this order. */
export const ANTI_SLAVERY_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Introduction',
    paragraphs: [
      'cardchat is committed to preventing modern slavery and human trafficking in our business and in our supply chains. This statement sets out the steps we take to make sure that slavery, servitude, forced or compulsory labour and human trafficking have no place in what we do.',
    ],
  },
  {
    heading: 'Our business',
    paragraphs: [
      'cardchat is an online service where people find, share and chat with AI characters. We are a small software team. Our supply chain is made up mainly of cloud hosting and storage, AI model providers, payment processing, and software tools and services.',
    ],
  },
  {
    heading: 'Our policy',
    paragraphs: [
      'We have zero tolerance for modern slavery and human trafficking. We expect everyone who works with us, including contractors and suppliers, to share that commitment, to treat workers fairly, pay them lawfully, and never use forced, bonded or child labour.',
    ],
  },
  {
    heading: 'Due diligence',
    paragraphs: [
      'Before we take on a supplier, we review its own labour and human rights commitments, favouring established providers that publish a modern slavery or human rights statement. We ask suppliers to comply with the law on slavery and trafficking and will end a relationship with any supplier that does not.',
    ],
  },
  {
    heading: 'Training',
    paragraphs: [
      'Everyone who works on cardchat is made aware of this policy, of the signs of modern slavery and human trafficking, and of how to raise a concern.',
    ],
  },
  {
    heading: 'Reporting concerns',
    paragraphs: [
      'Anyone who suspects slavery or trafficking connected with our business or supply chain should tell us right away. Concerns can be raised in confidence, and nobody will suffer for reporting a concern in good faith.',
    ],
  },
  {
    heading: 'Compliance',
    paragraphs: [
      'This statement is made in line with section 54 of the UK Modern Slavery Act 2015, and we aim to meet the spirit of similar laws in the other countries where we operate.',
    ],
  },
  {
    heading: 'Review',
    paragraphs: [
      'We review this policy and the steps we take annually, and update them whenever our business or our supply chain changes significantly.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [`To ask about this policy or to report a concern, write to us at ${SUPPORT_EMAIL}.`],
  },
  {
    heading: 'Conclusion',
    paragraphs: [
      'We will keep working to make sure that modern slavery and human trafficking have no place in our business or our supply chains, and we welcome feedback on how we can do better.',
    ],
  },
];
