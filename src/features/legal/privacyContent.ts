import { SUPPORT_EMAIL, type LegalSection } from './legalMeta';

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Introduction',
    paragraphs: [
      'This policy explains what personal data cardchat collects, why, and the choices you have. It applies to the cardchat app and website. We collect as little as we can and never sell it.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'Account data: your e-mail address and name, a user identifier from the sign-in service, and your plan.',
      'Content you create: the character cards and images you upload, your favorites and collections, and your chats with characters, including the messages you write and the replies you receive.',
      'Technical data: your IP address, browser and device type, and server logs of requests and errors, which we use to keep the service running and secure.',
    ],
  },
  {
    heading: 'How we use your data',
    paragraphs: [
      'We use your data to provide cardchat: to sign you in, store and show your cards and chats, generate character replies, apply your plan, answer your requests, prevent abuse and fix problems. We send you e-mail only about your account or important changes to the service.',
      'We do not use your private chats for advertising, and we do not show ads based on your personal data.',
    ],
  },
  {
    heading: 'AI processing of chat messages',
    paragraphs: [
      "To generate a character's reply, we send the character's card and the recent messages of the chat to the AI provider that powers the service. The provider processes them only to produce the reply, under terms that forbid using them for its own purposes beyond what the law requires.",
      'Please do not share sensitive personal information, such as health or financial details, in chats.',
    ],
  },
  {
    heading: 'Storage on your device',
    paragraphs: [
      "cardchat works offline. To do so it keeps a copy of the gallery, your chats, favorites and collections in your browser's storage (IndexedDB), and a service worker caches the app and card images.",
      "Your sign-in tokens and your theme preference are kept in your browser's local storage so you stay signed in. Logging out removes your stored profile; clearing your browser's site data removes everything cardchat stored on the device. We do not use advertising or tracking cookies.",
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We do not sell your personal data, and we do not share it for advertising.',
      'We share data only with service providers that help us run cardchat (hosting, storage, sign-in, AI replies, payments), under contracts that limit their use of it to that work; when the law requires it; or to protect the safety and rights of users and others. Cards you choose to make public are visible to everyone.',
    ],
  },
  {
    heading: 'Retention',
    paragraphs: [
      'We keep your account data, cards and chats for as long as your account exists. When you delete a card or a chat, it is removed from the service, and from our backups within 30 days. When you delete your account, we delete your personal data within 30 days, except what the law requires us to keep, such as payment records. Server logs are kept for up to 90 days.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You can ask to access, correct, delete or export your personal data, and you can object to or ask us to restrict some processing. You can export your chats and download your own cards at any time from the app.',
      `To make a request, write to ${SUPPORT_EMAIL} from the e-mail address on your account. We aim to respond to every request within 30 days. You can also complain to your local data protection authority.`,
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      "We protect your data with encrypted connections (HTTPS), hashed passwords, short-lived access tokens, access controls that keep each user's data separate, and a strict content security policy. No system is perfectly secure; if a breach affects your data, we will tell you as the law requires.",
    ],
  },
  {
    heading: 'Children',
    paragraphs: [
      'cardchat is not for children under 13, and we do not knowingly collect their data. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
    ],
  },
  {
    heading: 'International transfers',
    paragraphs: [
      'Our service providers may process data in countries other than yours. When data leaves your country, we rely on safeguards the law recognises, such as standard contractual clauses, to keep it protected.',
    ],
  },
  {
    heading: 'Changes to this policy',
    paragraphs: [
      'We may update this policy. We will post the new version here with a new "Last updated" date, and tell you in the app or by e-mail before significant changes take effect.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [`Questions about your privacy? Write to us at ${SUPPORT_EMAIL}.`],
  },
];
