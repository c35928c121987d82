import type { Mail } from './mailer';

/** Minutes as people say them: '30 minutes', '24 hours'. */
function validity(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

export function passwordResetMail(to: string, link: string, validForMs: number): Mail {
  return {
    to,
    subject: 'Reset your cardchat password',
    text: [
      'Someone (we hope you) asked to reset the password of your cardchat account.',
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link works once, for the next ${validity(validForMs)}. Choosing a new password signs you out on every device.`,
      '',
      "If you didn't ask for this, ignore this mail: your password stays as it is.",
    ].join('\n'),
  };
}

export function verifyEmailMail(to: string, link: string, validForMs: number): Mail {
  return {
    to,
    subject: 'Confirm your e-mail address for cardchat',
    text: [
      'Welcome to cardchat! Confirm that this address is yours to finish creating your account:',
      link,
      '',
      `The link works once, for the next ${validity(validForMs)}.`,
      '',
      "If you didn't create a cardchat account, ignore this mail: nothing happens without the link.",
    ].join('\n'),
  };
}
