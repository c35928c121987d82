/**
 * The API's contract: every endpoint's request and response schemas (TypeBox, which is JSON Schema),
 * and the TypeScript types derived from them, for the server and the PWA alike. See README.md.
 */
export * from './common';
export * from './constants';
export * from './users';
export * from './cards';
export * from './cardEdits';
export * from './favorites';
export * from './events';
export * from './chats';
export * from './chatMemory';
export * from './chatSummary';
export * from './messages';
export * from './completions';
export * from './replacement';
export * from './account';
export * from './personas';
export * from './jobs';
export * from './publishing';
export * from './creators';
export * from './characterPages';
export * from './publishingLimits';
export * from './aiSettings';
export * from './aiKeys';
export * from './groups';
