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

export function finishSignUpMail(to: string, link: string, validForMs: number): Mail {
  return {
    to,
    subject: 'Finish creating your cardchat account',
    text: [
      'Welcome to cardchat! Open this link to finish creating your account:',
      link,
      '',
      `The link works once, for the next ${validity(validForMs)}. Then sign in with the password you chose.`,
      '',
      "If you didn't sign up for cardchat, ignore this mail: no account is made without the link.",
    ].join('\n'),
  };
}

export function signUpNoticeMail(to: string, signInLink: string, resetLink: string): Mail {
  return {
    to,
    subject: 'Someone tried to sign up to cardchat with your address',
    text: [
      'Someone (we hope you) tried to create a cardchat account with this address, which already has one.',
      '',
      'If it was you, sign in instead:',
      signInLink,
      '',
      'Forgot your password? Choose a new one here:',
      resetLink,
      '',
      "If it wasn't you, nothing changed: your account and its password are as they were.",
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
